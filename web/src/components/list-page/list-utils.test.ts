import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@model/constants';
import { matchesSearch, nextPageSize, pageButtons, quote, sortRows, toCsv, type ListColumn } from './list-utils';

describe('pageButtons', () => {
  it('shows every page up to 6 pages', () => {
    expect(pageButtons(0, 1)).toEqual([0]);
    expect(pageButtons(2, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageButtons(0, 0)).toEqual([]);
  });
  it('uses ellipses beyond 6 pages and never shows more than 6 numbers', () => {
    expect(pageButtons(0, 10)).toEqual([0, 1, 2, 3, 4, 'ellipsis-end', 9]);
    expect(pageButtons(9, 10)).toEqual([0, 'ellipsis-start', 5, 6, 7, 8, 9]);
    expect(pageButtons(5, 10)).toEqual([0, 'ellipsis-start', 4, 5, 6, 7, 'ellipsis-end', 9]);
    for (let total = 7; total < 40; total++) {
      for (let current = 0; current < total; current++) {
        const b = pageButtons(current, total);
        expect(b.filter((x) => typeof x === 'number').length).toBeLessThanOrEqual(6);
        expect(b).toContain(current);
        expect(b[0]).toBe(0);
        expect(b.at(-1)).toBe(total - 1);
      }
    }
  });
});

describe('page sizes', () => {
  it('defaults to 15 and cycling wraps', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(15);
    expect(nextPageSize(15)).toBe(20);
    expect(nextPageSize(30)).toBe(5);
    let size = 5;
    const seen = [size];
    for (let i = 0; i < PAGE_SIZES.length; i++) seen.push((size = nextPageSize(size)));
    expect(seen).toEqual([5, 10, 15, 20, 25, 30, 5]);
  });
});

interface Row {
  name: string;
  n: number;
  d?: Date;
}
const columns: ListColumn<Row>[] = [
  { id: 'name', labelKey: 'Name', value: (r) => r.name },
  { id: 'n', labelKey: 'N', value: (r) => r.n },
  { id: 'd', labelKey: 'D', value: (r) => r.d },
  { id: 'act', labelKey: 'Aktion', action: true, text: () => 'secret' },
];

describe('search, sort, csv', () => {
  it('search is a case-insensitive contains over text cells, not action cells', () => {
    const row = { name: 'Schaltschrank Süd', n: 42, d: new Date(2025, 4, 22, 9, 5) };
    expect(matchesSearch(row, columns, 'SCHRANK s')).toBe(true);
    expect(matchesSearch(row, columns, 'süd')).toBe(true);
    expect(matchesSearch(row, columns, '22.05.2025')).toBe(true);
    expect(matchesSearch(row, columns, '42')).toBe(true);
    expect(matchesSearch(row, columns, 'secret')).toBe(false);
    expect(matchesSearch(row, columns, '  ')).toBe(true);
  });
  it('sorts numbers numerically, dates by time, empties last', () => {
    const rows: Row[] = [
      { name: 'b', n: 10, d: new Date(2024, 0, 1) },
      { name: 'a', n: 9 },
      { name: 'C', n: 100, d: new Date(2023, 0, 1) },
    ];
    expect(sortRows(rows, columns[1], 'asc').map((r) => r.n)).toEqual([9, 10, 100]);
    expect(sortRows(rows, columns[1], 'desc').map((r) => r.n)).toEqual([100, 10, 9]);
    expect(sortRows(rows, columns[0], 'asc').map((r) => r.name)).toEqual(['a', 'b', 'C']);
    expect(sortRows(rows, columns[2], 'asc').map((r) => r.name)).toEqual(['C', 'b', 'a']);
    expect(sortRows(rows, columns[2], 'desc').map((r) => r.name)).toEqual(['b', 'C', 'a']);
  });
  it('exports CSV with BOM, semicolons and quotes, without action columns', () => {
    const csv = toCsv([{ name: 'Say "hi"; ok', n: 1 }], columns, (c) => c.labelKey);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe('\uFEFF"Name";"N";"D"\r\n"Say ""hi""; ok";"1";""\r\n');
  });
});

describe('CSV formula injection', () => {
  it.each(['=HYPERLINK("http://evil")', '+49-711-555', '-2+3', '@SUM(A1)', '\tx', '\rx'])(
    'prefixes %j with a quote mark',
    (text) => {
      expect(quote(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
    },
  );

  it('leaves other text alone and neutralises cells in the export', () => {
    expect(quote('Müller = gut')).toBe('"Müller = gut"');
    expect(quote('')).toBe('""');
    const csv = toCsv([{ name: '=1+1', n: 1 }], columns, (c) => c.labelKey);
    expect(csv).toContain(`"'=1+1";"1"`);
  });
});
