import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/api-error.js';
import { acceptsExtension, sourceFormatOf } from '../../../model/import-config.js';
import { importConfigInputSchema } from '../../../model/import-config-schemas.js';
import { checkImportFile } from '../article-transfer.service.js';
import { SOURCE_FORMAT_DEFINITIONS } from './index.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const upload = (filename: string, bytes: Buffer) => ({ field: 'file', filename, declaredType: '', bytes });
const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  }
};

describe('source formats of an import configuration', () => {
  it('a configuration without a format is a spreadsheet; the schema defaults to SPREADSHEET and refuses others', async () => {
    expect(sourceFormatOf({})).toBe('SPREADSHEET');
    expect(sourceFormatOf({ sourceFormat: 'DATANORM' })).toBe('DATANORM');
    const parsed = await importConfigInputSchema.validate({ title: 't', description: 'd' });
    expect(parsed.sourceFormat).toBe('SPREADSHEET');
    await expect(
      importConfigInputSchema.validate({ title: 't', description: 'd', sourceFormat: 'PDF' }),
    ).rejects.toThrow();
  });

  it('accepts each format’s extensions only', () => {
    for (const ext of ['001', '999', 'RAB', 'dat', 'txt']) expect(acceptsExtension('DATANORM', ext)).toBe(true);
    for (const ext of ['csv', 'xlsx', 'xml', '1', 'wrg']) expect(acceptsExtension('DATANORM', ext)).toBe(false);
    expect(acceptsExtension('BMECAT', 'xml')).toBe(true);
    expect(acceptsExtension('BMECAT', 'txt')).toBe(false);
    expect(acceptsExtension('SPREADSHEET', 'xlsx')).toBe(true);
    expect(acceptsExtension('SPREADSHEET', '001')).toBe(false);
  });

  it('checks the content: DATANORM record letters, a BMECAT root; 417 otherwise, 424 when empty', async () => {
    const dn = readFileSync(join(fixtures, 'DATANORM.001'));
    expect(await status(checkImportFile(upload('DATANORM.001', dn), 'DATANORM'))).toBe('ok');
    expect(await status(checkImportFile(upload('datanorm.rab', dn), 'DATANORM'))).toBe('ok');
    expect(await status(checkImportFile(upload('liste.csv', dn), 'DATANORM'))).toBe('417 articleImportWrongFormat');
    const csv = Buffer.from('Bestellnummer;Preis\n1;2\n');
    expect(await status(checkImportFile(upload('DATANORM.001', csv), 'DATANORM'))).toBe('417 articleImportWrongFormat');
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    expect(await status(checkImportFile(upload('DATANORM.001', pdf), 'DATANORM'))).toBe('417 articleImportWrongFormat');
    expect(await status(checkImportFile(upload('DATANORM.001', Buffer.alloc(0)), 'DATANORM'))).toBe(
      '424 articleImportUnreadable',
    );
    expect(await status(checkImportFile(upload('DATANORM.001', dn)))).toBe('417 articleImportWrongFormat');
    const xml = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<BMECAT version="2005"><HEADER/></BMECAT>');
    expect(await status(checkImportFile(upload('katalog.xml', xml), 'BMECAT'))).toBe('ok');
    expect(await status(checkImportFile(upload('katalog.xml', Buffer.from('<html></html>')), 'BMECAT'))).toBe(
      '417 articleImportWrongFormat',
    );
    expect(SOURCE_FORMAT_DEFINITIONS.DATANORM.reader).toBeTypeOf('function');
  });
});
