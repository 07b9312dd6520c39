import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS } from '../model/paging.js';
import { exportCell, sendListExport } from './csv-export.js';

describe('list export cells', () => {
  it('formats as the table shows: German dates in Europe/Berlin, days TT.MM.JJJJ, codes by their text', () => {
    expect(exportCell(new Date('2026-11-25T07:30:00Z'), {})).toBe('25.11.2026 08:30');
    expect(exportCell(new Date('2026-07-01T22:15:00Z'), {})).toBe('02.07.2026 00:15');
    expect(exportCell('2027-03-15', {})).toBe('15.03.2027');
    expect(exportCell('OPEN', { values: { OPEN: 'Offen' } })).toBe('Offen');
    expect(exportCell(true, {})).toBe('✓');
    expect(exportCell(undefined, {})).toBe('');
    expect(exportCell(12345.5, {})).toBe(12345.5);
  });

  it('refuses a filter matching more than the cap before anything is sent (413 exportTooLarge)', async () => {
    const res = { set: () => res, status: () => res } as unknown as Response;
    const list = { count: async () => EXPORT_MAX_ROWS + 1, rows: (async function* () {})() };
    await expect(
      sendListExport(res, { fileName: 'x', columns: [{ key: 'a', label: 'A' }] }, list, { a: () => 1 }),
    ).rejects.toMatchObject({ status: 413, code: 'exportTooLarge', details: { max: EXPORT_MAX_ROWS } });
  });
});
