import { describe, expect, it } from 'vitest';
import { FileOwners, splitPath, type FileOwner } from './file-owners.js';

const owner = (prefix: string): FileOwner => ({ prefix, context: 'general', authorize: async () => undefined });
const companies = owner('companies/{companyId}/documents/');
const enquiries = owner('enquiries/{enquiryId}/');
const owners = new FileOwners().register(companies).register(enquiries);

function status(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (error) {
    const e = error as { status: number; code: string };
    return `${e.status} ${e.code}`;
  }
}

describe('path to owner', () => {
  it('maps folders (with or without trailing slash) and files to their owner and params', () => {
    expect(owners.folder('companies/c1/documents/')).toEqual({
      owner: companies,
      params: { companyId: 'c1' },
      folder: 'companies/c1/documents/',
    });
    expect(owners.folder('companies/c1/documents')).toMatchObject({ folder: 'companies/c1/documents/' });
    expect(owners.file('companies/c1/documents/AVV unterschrieben.pdf')).toMatchObject({
      owner: companies,
      params: { companyId: 'c1' },
      name: 'AVV unterschrieben.pdf',
      path: 'companies/c1/documents/AVV unterschrieben.pdf',
    });
    expect(owners.file('enquiries/e-9/Plan.pdf')).toMatchObject({ owner: enquiries, params: { enquiryId: 'e-9' } });
  });

  it('normalises the path to NFC like stored names', () => {
    expect(owners.file('companies/c1/documents/Größe.pdf'.normalize('NFD')).name).toBe('Größe.pdf');
  });

  it('refuses traversal, absolute paths, backslashes, empty segments and control characters with 400', () => {
    const bad = [
      '../companies/c1/documents/a.pdf',
      'companies/c1/documents/../../c2/documents/a.pdf',
      'companies/c1/documents/..',
      'companies/c1/./documents/a.pdf',
      '/companies/c1/documents/a.pdf',
      'companies\\c1\\documents\\a.pdf',
      'companies/c1/documents\\..\\a.pdf',
      'companies//c1/documents/a.pdf',
      'companies/c1/documents//a.pdf',
      'companies/c1/documents/a\u0000.pdf',
      'companies/c1/documents/a.pdf\n',
      '',
      'x'.repeat(1025),
    ];
    for (const path of bad) {
      expect(
        status(() => owners.file(path)),
        JSON.stringify(path),
      ).toBe('400 invalidPath');
      expect(
        status(() => owners.folder(path)),
        JSON.stringify(path),
      ).toBe('400 invalidPath');
    }
    for (const value of [undefined, 42, ['companies/c1/documents/']])
      expect(status(() => owners.folder(value))).toBe('400 invalidPath');
  });

  it('answers 404 for well-formed paths no owner claims', () => {
    for (const path of [
      'users/u1/a.pdf',
      'companies/c1/a.pdf',
      'companies/c1/documents/sub/a.pdf',
      'companies/__x__/documents/a.pdf',
      'companies/c.1/documents/a.pdf',
      'exportResult/a.csv',
    ]) {
      expect(
        status(() => owners.file(path)),
        path,
      ).toBe('404 notFound');
    }
    expect(status(() => owners.file('companies/c1/documents/'))).toBe('404 notFound');
    expect(status(() => owners.folder('companies/c1'))).toBe('404 notFound');
    expect(status(() => owners.folder('companies/c1/documents/a.pdf'))).toBe('404 notFound');
  });

  it('splitPath marks folders', () => {
    expect(splitPath('a/b/')).toEqual({ segments: ['a', 'b'], folder: true });
    expect(splitPath('a/b')).toEqual({ segments: ['a', 'b'], folder: false });
  });

  it('refuses prefixes without trailing slash at registration', () => {
    expect(() => new FileOwners().register(owner('companies/{id}'))).toThrow();
  });
});
