import { describe, expect, it } from 'vitest';
import { InMemoryMappingMemoryStore } from './mapping-memory-fixtures.js';

describe('the mapping memory store (the in-memory fake of mapping-memory.repository.ts)', () => {
  const headers = ['Pos', 'Menge', 'Hersteller', 'Bestellnummer', 'Bezeichnung'];
  const saved = [
    { columnIndex: 1, importHeader: 'Menge', articleField: 'quantity' as const },
    { columnIndex: 3, importHeader: 'Bestellnummer', articleField: 'manufacturerNumber' as const },
  ];
  it('the store keeps one entry per company and signature and counts saves', async () => {
    const store = new InMemoryMappingMemoryStore();
    await store.remember({ companyId: 'c1', headers, mapping: saved, savedAt: new Date('2026-01-01') });
    const again = await store.remember({
      companyId: 'c1',
      headers: headers.map((h) => h.toUpperCase()),
      mapping: saved,
      savedAt: new Date('2026-01-02'),
    });
    await store.remember({ companyId: 'c2', headers, mapping: saved });
    expect(again.useCount).toBe(2);
    expect(await store.listForCompany('c1')).toHaveLength(1);
  });
});
