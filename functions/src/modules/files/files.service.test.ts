import { PassThrough, type Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { UploadedFile } from '../../http/multipart.js';
import { principal } from '../../testing/principals.js';
import { FileOwners } from '../../platform/files/file-owners.js';
import type { FileStore, StoredObject } from '../../platform/files/file-store.js';
import { FilesService } from './files.service.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { ENQUIRY_ERRORS } from '../../model/enquiry.js';
import type { FileFact } from '../../model/files.js';
import { companyDocumentsOwner } from '../companies/company-documents.js';

/** An in-memory FileStore that records every call (so a refused path can be shown to never reach it). */
class MemoryStore implements FileStore {
  readonly objects = new Map<string, { bytes: Buffer; contentType: string; metadata: Record<string, string> }>();
  readonly calls: string[] = [];
  /** names another upload takes just before ours (a lost race) */
  raceNames: string[] = [];

  async list(folder: string): Promise<StoredObject[]> {
    this.calls.push(`list ${folder}`);
    return [...this.objects.keys()]
      .filter((p) => p.startsWith(folder) && !p.slice(folder.length).includes('/'))
      .map((p) => this.toStored(p));
  }
  async createIfAbsent(
    path: string,
    bytes: Buffer,
    contentType: string,
    metadata: Record<string, string>,
  ): Promise<boolean> {
    this.calls.push(`create ${path}`);
    const raced = this.raceNames.shift();
    if (raced) this.objects.set(raced, { bytes: Buffer.from('x'), contentType, metadata: {} });
    if (this.objects.has(path)) return false;
    this.objects.set(path, { bytes, contentType, metadata });
    return true;
  }
  async createUploadSession(path: string): Promise<string> {
    return `memory://${path}`;
  }
  async write(path: string, bytes: Buffer, contentType: string): Promise<void> {
    this.calls.push(`write ${path}`);
    this.objects.set(path, { bytes, contentType, metadata: {} });
  }
  async stat(path: string): Promise<StoredObject | undefined> {
    this.calls.push(`stat ${path}`);
    return this.objects.has(path) ? this.toStored(path) : undefined;
  }
  read(path: string): Readable {
    this.calls.push(`read ${path}`);
    const s = new PassThrough();
    s.end(this.objects.get(path)!.bytes);
    return s;
  }
  async delete(path: string): Promise<boolean> {
    this.calls.push(`delete ${path}`);
    return this.objects.delete(path);
  }
  private toStored(path: string): StoredObject {
    const o = this.objects.get(path)!;
    return { path, size: o.bytes.length, contentType: o.contentType, metadata: o.metadata };
  }
}

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const pdf = (filename: string, bytes = PDF): UploadedFile => ({
  field: 'file',
  filename,
  declaredType: 'application/pdf',
  bytes,
});

function setup() {
  const store = new MemoryStore();
  const customer = principal('CUSTOMER', { companyId: 'c1' });
  const companies = {
    get: vi.fn(async (id: string) =>
      id === 'c1' ? customer.company : id === 'c2' ? { ...customer.company, id: 'c2' } : undefined,
    ),
  };
  const owners = new FileOwners().register(companyDocumentsOwner(companies));
  return { store, companies, service: new FilesService(owners, store, discardIn(store)) };
}

/** Deletes at once (the platform's FileDiscard repairs failures with a task; not needed here). */
const discardIn = (store: FileStore) => ({
  discard: async (paths: readonly string[]) => {
    for (const p of paths) await store.delete(p);
  },
});

async function status(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'ok',
    (e: { status: number; code: string }) => `${e.status} ${e.code}`,
  );
}

describe('FilesService', () => {
  it('uploads under the folder, renames collisions with the numeric prefix, lists by name', async () => {
    const { service, store } = setup();
    const admin = principal('CUSTOMER', { admin: true, companyId: 'c1' });
    const first = await service.upload(admin, 'companies/c1/documents/', pdf('AVV.pdf'), 'LEGAL_DOCUMENT');
    const second = await service.upload(admin, 'companies/c1/documents', pdf('AVV.pdf'));
    const third = await service.upload(admin, 'companies/c1/documents/', pdf('AVV.pdf'));
    expect([first.filename, second.filename, third.filename]).toEqual(['AVV.pdf', '1_AVV.pdf', '2_AVV.pdf']);
    expect(first).toMatchObject({
      id: 'companies/c1/documents/AVV.pdf',
      fileType: 'LEGAL_DOCUMENT',
      downloadUrl: '/file/?path=companies%2Fc1%2Fdocuments%2FAVV.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
    });
    expect(store.objects.get('companies/c1/documents/AVV.pdf')?.metadata).toEqual({
      documentType: 'LEGAL_DOCUMENT',
      uploadedBy: admin.uid,
    });
    const reader = principal('CUSTOMER', { companyId: 'c1' });
    expect((await service.names(reader, 'companies/c1/documents/')).map((f) => f.filename)).toEqual([
      '1_AVV.pdf',
      '2_AVV.pdf',
      'AVV.pdf',
    ]);
  });

  it('takes the next free name when a concurrent upload took the chosen one', async () => {
    const { service, store } = setup();
    store.raceNames = ['companies/c1/documents/Plan.pdf'];
    const out = await service.upload(principal('ADMIN', { admin: true }), 'companies/c1/documents/', pdf('Plan.pdf'));
    expect(out.filename).toBe('1_Plan.pdf');
  });

  it('never calls Storage for malformed or unknown paths', async () => {
    const { service, store } = setup();
    const admin = principal('ADMIN', { admin: true });
    expect(await status(service.names(admin, '../companies/c1/documents/'))).toBe('400 invalidPath');
    expect(await status(service.download(admin, '/companies/c1/documents/a.pdf'))).toBe('400 invalidPath');
    expect(await status(service.delete(admin, 'companies\\c1\\documents\\a.pdf'))).toBe('400 invalidPath');
    expect(await status(service.upload(admin, 'users/u1/', pdf('a.pdf')))).toBe('404 notFound');
    expect(await status(service.download(admin, 'companies/c1/documents/sub/a.pdf'))).toBe('404 notFound');
    expect(store.calls).toEqual([]);
  });

  it('applies the owner’s rules: foreign company 404 before any read, members read, admins change', async () => {
    const { service, store, companies } = setup();
    const member = principal('CUSTOMER', { companyId: 'c1' });
    const foreignAdmin = principal('SUPPLIER', { admin: true, companyId: 's1' });
    expect(await status(service.names(foreignAdmin, 'companies/c1/documents/'))).toBe('404 notFound');
    expect(await status(service.upload(foreignAdmin, 'companies/c1/documents/', pdf('a.pdf')))).toBe('404 notFound');
    expect(companies.get).not.toHaveBeenCalled();
    expect(await status(service.upload(member, 'companies/c1/documents/', pdf('a.pdf')))).toBe('403 forbidden');
    expect(store.calls).toEqual([]);
    expect(await status(service.names(member, 'companies/c1/documents/'))).toBe('ok');
    // own company comes with the principal: not read again
    expect(companies.get).not.toHaveBeenCalled();
    const platformAdmin = principal('ADMIN', { admin: true });
    expect(await status(service.names(platformAdmin, 'companies/nope/documents/'))).toBe('404 notFound');
    expect(await status(service.upload(platformAdmin, 'companies/c2/documents/', pdf('a.pdf')))).toBe('ok');
    expect(companies.get).toHaveBeenCalledWith('c2');
  });

  it('refuses before storing: missing file, bad name, type not allowed, content mismatch, wrong document type', async () => {
    const { service, store } = setup();
    const admin = principal('CUSTOMER', { admin: true, companyId: 'c1' });
    const folder = 'companies/c1/documents/';
    expect(await status(service.upload(admin, folder, undefined))).toBe('400 validation');
    expect(await status(service.upload(admin, folder, pdf('')))).toBe('400 invalidFileName');
    expect(await status(service.upload(admin, folder, pdf('tool.exe')))).toBe('415 fileTypeNotAllowed');
    expect(await status(service.upload(admin, folder, pdf('bild.svg')))).toBe('415 fileTypeNotAllowed');
    expect(
      await status(service.upload(admin, folder, pdf('tool.pdf', Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1')))),
    ).toBe('415 fileContentMismatch');
    expect(await status(service.upload(admin, folder, pdf('a.pdf'), 'BILL_OF_MATERIAL'))).toBe('400 validation');
    expect(store.calls.filter((c) => !c.startsWith('list'))).toEqual([]);
  });

  it('downloads and deletes; unknown files 404', async () => {
    const { service } = setup();
    const admin = principal('CUSTOMER', { admin: true, companyId: 'c1' });
    await service.upload(admin, 'companies/c1/documents/', pdf('Größe.pdf'));
    const d = await service.download(
      principal('CUSTOMER', { companyId: 'c1' }),
      'companies/c1/documents/Größe.pdf'.normalize('NFD'),
    );
    expect(d).toMatchObject({ filename: 'Größe.pdf', contentType: 'application/pdf', size: PDF.length });
    expect(
      await status(service.delete(principal('CUSTOMER', { companyId: 'c1' }), 'companies/c1/documents/Größe.pdf')),
    ).toBe('403 forbidden');
    expect(await status(service.delete(admin, 'companies/c1/documents/Größe.pdf'))).toBe('ok');
    expect(await status(service.delete(admin, 'companies/c1/documents/Größe.pdf'))).toBe('404 notFound');
    expect(await status(service.download(admin, 'companies/c1/documents/Größe.pdf'))).toBe('404 notFound');
  });

  it('EXTERNAL members neither read nor change their company’s documents', async () => {
    const { service } = setup();
    const external = principal('EXTERNAL', { admin: true, companyId: 'c1' });
    expect(await status(service.names(external, 'companies/c1/documents/'))).toBe('403 forbidden');
  });

  it('a folder whose record lists its files: the record takes and drops each file, Storage follows its decision', async () => {
    const store = new MemoryStore();
    const changes: string[] = [];
    // the record: its list of files (FileFact), as an area keeps it on its document
    const record: FileFact[] = [];
    const owners = new FileOwners().register({
      prefix: 'things/{thingId}/files/',
      context: 'general',
      authorize: async () => ({ facts: [...record] }),
      recordUpload: async (_p, _params, upload) => {
        if (upload.name.startsWith('Refused')) throw ApiError.conflict();
        const fact: FileFact = { ...upload, uploadedByName: 'Erika Muster', uploadDate: new Date(0) };
        record.push(fact);
        return fact;
      },
      recordDelete: async (_p, _params, name) => {
        const i = record.findIndex((f) => f.name === name);
        if (i < 0) return false;
        if (record[i]!.documentType === 'CIRCUIT_DIAGRAM') throw errorsOf(ENQUIRY_ERRORS).enquiryLocked();
        record.splice(i, 1);
        return true;
      },
      afterChange: async (_p, { thingId }) => {
        changes.push(thingId!);
      },
    });
    const service = new FilesService(owners, store, discardIn(store));
    const caller = principal('CUSTOMER');
    const plan = await service.upload(caller, 'things/t1/files/', pdf('Plan.pdf'), 'CIRCUIT_DIAGRAM');
    expect(plan).toMatchObject({ filename: 'Plan.pdf', fileType: 'CIRCUIT_DIAGRAM', uploadedByName: 'Erika Muster' });
    await service.upload(caller, 'things/t1/files/', pdf('Notiz.pdf'));
    // refused by the record: the stored object goes again, the caller is told
    expect(await status(service.upload(caller, 'things/t1/files/', pdf('Refused.pdf')))).toBe('409 conflict');
    expect(store.objects.has('things/t1/files/Refused.pdf')).toBe(false);
    // an object the record does not list (an upload in flight) is neither listed nor downloadable
    await store.createIfAbsent('things/t1/files/Orphan.pdf', PDF, 'application/pdf', {});
    expect((await service.names(caller, 'things/t1/files/')).map((f) => f.filename)).toEqual(['Notiz.pdf', 'Plan.pdf']);
    expect(await status(service.download(caller, 'things/t1/files/Orphan.pdf'))).toBe('404 notFound');
    // the record refuses: the file stays
    expect(await status(service.delete(caller, 'things/t1/files/Plan.pdf'))).toBe('409 enquiryLocked');
    expect(store.objects.has('things/t1/files/Plan.pdf')).toBe(true);
    expect(await status(service.delete(caller, 'things/t1/files/Notiz.pdf'))).toBe('ok');
    expect(store.objects.has('things/t1/files/Notiz.pdf')).toBe(false);
    // neither listed nor stored: 404; stored but unlisted (the orphan): deleted
    expect(await status(service.delete(caller, 'things/t1/files/Gone.pdf'))).toBe('404 notFound');
    expect(await status(service.delete(caller, 'things/t1/files/Orphan.pdf'))).toBe('ok');
    expect(changes).toEqual(['t1', 't1', 't1', 't1']);
  });
});
