import { describe, expect, it } from 'vitest';
import {
  allowedExtensions,
  collisionFreeName,
  companyDocumentsPath,
  contentTypeOf,
  documentTypesFor,
  fileIconGroup,
  FILE_MAX_BYTES,
  FILE_NAME_MAX_LENGTH,
  normaliseFileName,
  uploadRefusal,
} from './files.js';

describe('normaliseFileName', () => {
  it('composes Unicode (NFD from macOS becomes NFC)', () => {
    const nfd = 'Schaltplan Größe.pdf'.normalize('NFD');
    expect(nfd).not.toBe('Schaltplan Größe.pdf');
    expect(normaliseFileName(nfd)).toBe('Schaltplan Größe.pdf');
  });

  it('turns slashes and backslashes into underscores (no folders, no traversal)', () => {
    expect(normaliseFileName('a/b\\c.pdf')).toBe('a_b_c.pdf');
    expect(normaliseFileName('../../etc/passwd.txt')).toBe('.._.._etc_passwd.txt');
  });

  it('makes names safe on Windows: no drive colon, none of < > : " | ? *, no reserved device names', () => {
    expect(normaliseFileName('C:evil.pdf')).toBe('C_evil.pdf');
    expect(normaliseFileName('a<b>c|d?e*f"g.pdf')).toBe('a_b_c_d_e_f_g.pdf');
    expect(normaliseFileName('CON.pdf')).toBe('_CON.pdf');
    expect(normaliseFileName('con')).toBe('_con');
    expect(normaliseFileName('Lpt1.txt')).toBe('_Lpt1.txt');
    expect(normaliseFileName('nul.tar.gz')).toBe('_nul.tar.gz');
    // only the whole base name is reserved
    expect(normaliseFileName('Console.pdf')).toBe('Console.pdf');
    expect(normaliseFileName('COM10.pdf')).toBe('COM10.pdf');
  });

  it('removes control and bidi characters, trims blanks and trailing dots', () => {
    expect(normaliseFileName(' Angebot\u0000\u001f\u007f\u0085.pdf ')).toBe('Angebot.pdf');
    // right-to-left override would show "Rechnung‮fdp.exe" as "Rechnungexe.pdf"
    expect(normaliseFileName('Rechnung\u202efdp.exe')).toBe('Rechnungfdp.exe');
    expect(normaliseFileName('Liste.csv. . ')).toBe('Liste.csv');
  });

  it('leaves nothing usable as empty', () => {
    for (const name of ['', '   ', '.', '..', '\u0000', '...']) expect(normaliseFileName(name)).toBe('');
  });

  it('shortens overlong names and keeps the extension', () => {
    const out = normaliseFileName(`${'ä'.repeat(300)}.xlsx`);
    expect([...out]).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(out.endsWith('ä.xlsx')).toBe(true);
  });
});

describe('collisionFreeName', () => {
  it('keeps a free name and prefixes the first free number otherwise', () => {
    expect(collisionFreeName('Plan.pdf', [])).toBe('Plan.pdf');
    expect(collisionFreeName('Plan.pdf', ['Plan.pdf'])).toBe('1_Plan.pdf');
    expect(collisionFreeName('Plan.pdf', new Set(['Plan.pdf', '1_Plan.pdf', '3_Plan.pdf']))).toBe('2_Plan.pdf');
    expect(collisionFreeName('1_Plan.pdf', ['1_Plan.pdf'])).toBe('1_1_Plan.pdf');
  });
});

describe('document types (spec 02 §5 table)', () => {
  it('by extension, case-insensitive; any other extension UNKNOWN', () => {
    expect(documentTypesFor('a.xlsx')).toEqual(['BILL_OF_MATERIAL', 'UNKNOWN']);
    expect(documentTypesFor('a.PDF')).toEqual([
      'OFFER',
      'ORDER_CONFIRMATION',
      'ORDER',
      'LEGAL_DOCUMENT',
      'CIRCUIT_DIAGRAM',
      'UNKNOWN',
    ]);
    expect(documentTypesFor('a.csv')).toEqual(['BILL_OF_MATERIAL', 'LABELLING', 'CONNECTION_LIST', 'UNKNOWN']);
    expect(documentTypesFor('a.txt')).toEqual(['LABELLING', 'UNKNOWN']);
    expect(documentTypesFor('a.png')).toEqual(['UNKNOWN']);
    expect(documentTypesFor('noextension')).toEqual(['UNKNOWN']);
  });
});

describe('upload contexts (spec 01 §5)', () => {
  it('general list; regulation, cabinet language and offer without csv/txt; BOM only xlsx/xls/csv', () => {
    expect(allowedExtensions('general')).toEqual([
      'docx',
      'doc',
      'pdf',
      'xlsx',
      'xls',
      'csv',
      'txt',
      'jpeg',
      'jpg',
      'png',
      'gif',
    ]);
    for (const c of ['customerRegulation', 'cabinetLanguage', 'offer'] as const) {
      expect(allowedExtensions(c)).toEqual(['docx', 'doc', 'pdf', 'xlsx', 'xls', 'jpeg', 'jpg', 'png', 'gif']);
    }
    expect(allowedExtensions('bom')).toEqual(['xlsx', 'xls', 'csv']);
  });

  it('uploadRefusal: name, type, size (exactly the limit is fine), emptiness', () => {
    expect(uploadRefusal({ name: 'a.pdf', size: FILE_MAX_BYTES }, 'general')).toBeUndefined();
    expect(uploadRefusal({ name: 'a.pdf', size: FILE_MAX_BYTES + 1 }, 'general')).toBe('payloadTooLarge');
    expect(uploadRefusal({ name: 'a.exe', size: 10 }, 'general')).toBe('fileTypeNotAllowed');
    expect(uploadRefusal({ name: 'a.svg', size: 10 }, 'general')).toBe('fileTypeNotAllowed');
    expect(uploadRefusal({ name: 'a.csv', size: 10 }, 'offer')).toBe('fileTypeNotAllowed');
    expect(uploadRefusal({ name: 'a.pdf', size: 10 }, 'bom')).toBe('fileTypeNotAllowed');
    expect(uploadRefusal({ name: 'a.PDF', size: 0 }, 'general')).toBe('fileEmpty');
    expect(uploadRefusal({ name: '..', size: 10 }, 'general')).toBe('invalidFileName');
  });
});

describe('icons and content types', () => {
  it('spec 9: jpg/png/jpeg image, xlsx/xls/csv sheet, all others document', () => {
    expect(['a.jpg', 'a.PNG', 'a.jpeg'].map(fileIconGroup)).toEqual(['image', 'image', 'image']);
    expect(['a.xlsx', 'a.xls', 'a.csv'].map(fileIconGroup)).toEqual(['sheet', 'sheet', 'sheet']);
    expect(['a.pdf', 'a.gif', 'a.txt', 'a'].map(fileIconGroup)).toEqual([
      'document',
      'document',
      'document',
      'document',
    ]);
  });

  it('serves by extension, never HTML or SVG', () => {
    expect(contentTypeOf('a.pdf')).toBe('application/pdf');
    expect(contentTypeOf('a.html')).toBe('application/octet-stream');
    expect(contentTypeOf('a.svg')).toBe('application/octet-stream');
    expect(companyDocumentsPath('c1')).toBe('companies/c1/documents/');
  });
});
