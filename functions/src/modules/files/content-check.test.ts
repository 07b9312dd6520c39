import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../../bom/fixtures/zip-writer.js';
import { assertContentMatches } from './content-check.js';

const fixture = (name: string) => readFileSync(new URL(`../../bom/fixtures/${name}`, import.meta.url));
const bytes = (...b: number[]) => Buffer.from(b);

const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const ELF = Buffer.concat([bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0), Buffer.alloc(56)]);
const PE = Buffer.concat([
  Buffer.from('MZ'),
  bytes(0x90, 0, 3, 0, 0, 0, 4, 0),
  Buffer.alloc(50),
  Buffer.from('This program cannot be run in DOS mode.'),
]);
const PNG = Buffer.concat([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), Buffer.alloc(16)]);
const JPEG = Buffer.concat([bytes(0xff, 0xd8, 0xff, 0xe0), Buffer.alloc(16)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const OLE = Buffer.concat([bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), Buffer.alloc(504)]);
const DOCX = writeZip([
  { name: '[Content_Types].xml', data: '<Types/>', deflate: true },
  { name: 'word/document.xml', data: '<w:document/>', deflate: true },
]);

async function code(name: string, content: Uint8Array): Promise<string | undefined> {
  try {
    await assertContentMatches(name, content);
    return undefined;
  } catch (error) {
    const e = error as { status: number; code: string };
    return `${e.status} ${e.code}`;
  }
}

describe('assertContentMatches (magic bytes)', () => {
  it('accepts each format with its own signature', async () => {
    expect(await code('a.pdf', PDF)).toBeUndefined();
    expect(await code('a.png', PNG)).toBeUndefined();
    expect(await code('a.jpg', JPEG)).toBeUndefined();
    expect(await code('a.jpeg', JPEG)).toBeUndefined();
    expect(await code('a.gif', GIF)).toBeUndefined();
    expect(await code('a.doc', OLE)).toBeUndefined();
    expect(await code('a.xls', fixture('german.xls'))).toBeUndefined();
    expect(await code('a.xlsx', fixture('leading-zeros.xlsx'))).toBeUndefined();
    expect(await code('a.docx', DOCX)).toBeUndefined();
    expect(await code('a.csv', fixture('german-excel.csv'))).toBeUndefined();
    expect(await code('a.txt', fixture('tab-separated.txt'))).toBeUndefined();
    expect(await code('a.txt', Buffer.from('\ufeffMenge\tArtikel\r\n', 'utf16le'))).toBeUndefined();
  });

  it('refuses renamed executables under every extension', async () => {
    for (const name of ['a.pdf', 'a.png', 'a.jpg', 'a.gif', 'a.doc', 'a.xls', 'a.xlsx', 'a.docx', 'a.csv', 'a.txt']) {
      expect(await code(name, ELF), name).toBe('415 fileContentMismatch');
      expect(await code(name, PE), name).toBe('415 fileContentMismatch');
    }
  });

  it('refuses content of another format under an extension', async () => {
    expect(await code('a.pdf', PNG)).toBe('415 fileContentMismatch');
    expect(await code('a.png', JPEG)).toBe('415 fileContentMismatch');
    expect(await code('a.xlsx', fixture('pdf-renamed.xlsx'))).toBe('415 fileContentMismatch');
    expect(await code('a.xls', fixture('text-renamed.xls'))).toBe('415 fileContentMismatch');
    expect(await code('a.xlsx', DOCX)).toBe('415 fileContentMismatch');
    expect(await code('a.docx', fixture('leading-zeros.xlsx'))).toBe('415 fileContentMismatch');
    expect(await code('a.csv', fixture('leading-zeros.xlsx'))).toBe('415 fileContentMismatch');
    expect(await code('a.xlsx', fixture('truncated.xlsx'))).toBe('415 fileContentMismatch');
    expect(await code('a.xlsx', fixture('encrypted.xlsx'))).toBe('415 fileContentMismatch');
  });

  it('refuses zip bombs: declared ratio, and an entry that inflates beyond what it declares', async () => {
    expect(await code('a.xlsx', fixture('zip-bomb.xlsx'))).toBe('413 archiveTooLarge');
    const lying = writeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: Buffer.alloc(4 * 1024 * 1024), deflate: true, declaredSize: 1000 },
    ]);
    expect(await code('a.docx', lying)).toBe('413 archiveTooLarge');
  });

  it('refuses a bomb spread over many entries, each exactly at the per-entry floor (45 × 1 MiB of zeros)', async () => {
    const spread = writeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      ...Array.from({ length: 45 }, (_, i) => ({
        name: `xl/worksheets/sheet${i + 1}.xml`,
        data: Buffer.alloc(1024 * 1024),
        deflate: true,
      })),
    ]);
    expect(spread.length).toBeLessThan(100_000);
    expect(await code('a.xlsx', spread)).toBe('413 archiveTooLarge');
  });

  it('refuses empty files and unknown extensions', async () => {
    expect(await code('a.txt', Buffer.alloc(0))).toBe('400 fileEmpty');
    expect(await code('a.exe', PE)).toBe('415 fileTypeNotAllowed');
    expect(await code('a.html', Buffer.from('<html>'))).toBe('415 fileTypeNotAllowed');
  });
});
