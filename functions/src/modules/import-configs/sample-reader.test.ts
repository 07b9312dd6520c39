import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/api-error.js';
import { isHeaderRowIndex } from '../../model/import-config-schemas.js';
import { headersAt, readSample, sampleHeaders } from './sample-reader.js';

const upload = (filename: string, text: string | Buffer) => ({
  field: 'file',
  filename,
  declaredType: 'text/csv',
  bytes: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'),
});

const problem = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, details: error.details };
    throw error;
  }
  throw new Error('no refusal');
};

describe('the sample of an import configuration', () => {
  it('reads the headers at the row and suggests the article mapping, content-checked', async () => {
    const sample = await readSample(
      upload('liste.txt', 'Preisliste\nArt.-Nr.;Bezeichnung;Listenpreis;Gewicht kg\n3211757;PT 2,5;1,23;0,01\n'),
    );
    const read = sampleHeaders(sample, 2);
    expect(read.headers).toEqual(['Art.-Nr.', 'Bezeichnung', 'Listenpreis', 'Gewicht kg']);
    expect(read.suggestedHeaderRowIndex).toBe(2);
    expect(read.fieldMapping.map((m) => [m.columnIndex, m.articleField])).toEqual([
      [0, 'orderNumber'],
      [1, 'description'],
      [2, 'listPrice'],
      [3, 'weight'],
    ]);
  });

  it('refuses what every upload refuses, and what the engine cannot read (422 with its key)', async () => {
    expect(await problem(readSample(undefined))).toMatchObject({
      status: 400,
      details: [{ path: 'file', key: 'importConfig.warning.emptyUpload' }],
    });
    expect(await problem(readSample(upload('liste.pdf', '%PDF-1.4')))).toMatchObject({
      status: 415,
      code: 'fileTypeNotAllowed',
    });
    expect(await problem(readSample(upload('liste.csv', '')))).toMatchObject({ status: 400, code: 'fileEmpty' });
    expect(await problem(readSample(upload('liste.xlsx', 'a;b\n')))).toMatchObject({ status: 415 });
  });

  it('a blank header row is refused with the no-headers key', async () => {
    const sample = await readSample(upload('a.csv', 'A;B\n1;2\n'));
    expect(await problem(() => headersAt(sample, 5))).toMatchObject({
      status: 400,
      details: [{ path: 'headerRowIndex', key: 'bom.warning.noHeadersFound' }],
    });
  });

  it('the header row index is a whole number from 1 to 1000', () => {
    expect([1, '2', ' 3 ', 1000].map(isHeaderRowIndex)).toEqual([true, true, true, true]);
    expect([0, -1, 1.5, '1.5', 'zwei', 1001, null, undefined].map(isHeaderRowIndex)).toEqual(Array(8).fill(false));
  });
});
