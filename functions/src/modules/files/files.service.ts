import { ApiError } from '../../http/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import {
  collisionFreeName,
  contentTypeOf,
  documentTypesFor,
  fileDownloadUrl,
  isAllowedExtension,
  type AttachedFile,
  type DocumentType,
} from '../../model/files.js';
import type { Principal } from '../../model/user.js';
import { assertContentMatches } from './content-check.js';
import type { FileOwners, ResolvedFile } from './file-owners.js';
import type { FileStore, StoredObject } from './file-store.js';
import type { Download } from './send-download.js';

/** How often an upload picks the next free name when concurrent uploads took the one it chose. */
const MAX_NAME_ATTEMPTS = 10;

function toAttached(o: StoredObject): AttachedFile {
  const filename = o.path.slice(o.path.lastIndexOf('/') + 1);
  const declared = o.metadata.documentType as DocumentType | undefined;
  return {
    id: o.path,
    path: o.path,
    filename,
    fileType: declared && documentTypesFor(filename).includes(declared) ? declared : 'UNKNOWN',
    disabled: false,
    downloadUrl: fileDownloadUrl(o.path),
    size: o.size,
    contentType: contentTypeOf(filename),
    lastUpdate: o.updated,
  };
}

/**
 * The generic file calls (spec 02 §7 Files). Every call resolves the path through the owners table first
 * (unknown or malformed paths never reach Storage), lets the owning area check its record, then acts.
 */
export class FilesService {
  constructor(
    private readonly owners: FileOwners,
    private readonly store: FileStore,
  ) {}

  /** GET /file/names: the files of a folder, by name. */
  async names(principal: Principal, path: unknown): Promise<AttachedFile[]> {
    const { owner, params, folder } = this.owners.folder(path);
    await owner.authorize(principal, params, 'read');
    const objects = await this.store.list(folder);
    return objects.map(toAttached).sort((a, b) => a.filename.localeCompare(b.filename, 'de'));
  }

  /** POST /file/: stores the file in the folder under a free name (numeric prefix on collision). */
  async upload(
    principal: Principal,
    path: unknown,
    file: UploadedFile | undefined,
    documentType?: string,
  ): Promise<AttachedFile> {
    const { owner, params, folder } = this.owners.folder(path);
    await owner.authorize(principal, params, 'change');
    if (!file) throw ApiError.badRequest('validation', [{ path: 'file', key: 'validation.required' }]);
    if (!file.filename) throw ApiError.badRequest('invalidFileName');
    if (!isAllowedExtension(file.filename, owner.context)) throw new ApiError(415, 'fileTypeNotAllowed');
    const type = (documentType || 'UNKNOWN') as DocumentType;
    if (!documentTypesFor(file.filename).includes(type))
      throw ApiError.badRequest('validation', [{ path: 'documentType', key: 'validation.oneOf' }]);
    await assertContentMatches(file.filename, file.bytes);
    const contentType = contentTypeOf(file.filename);
    const extra = await owner.beforeStore?.(principal, params, { filename: file.filename, documentType: type });
    const metadata = { ...extra, documentType: type, uploadedBy: principal.uid };
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const taken = new Set((await this.store.list(folder)).map((o) => o.path.slice(folder.length)));
      const name = collisionFreeName(file.filename, taken);
      if (await this.store.createIfAbsent(folder + name, file.bytes, contentType, metadata)) {
        const stored = await this.store.stat(folder + name);
        await owner.afterChange?.(principal, params);
        return toAttached(stored ?? { path: folder + name, size: file.bytes.length, contentType, metadata });
      }
    }
    throw ApiError.conflict();
  }

  /** GET /file/: the file for streaming, after the owner's read check. */
  async download(principal: Principal, path: unknown): Promise<Download> {
    const file = await this.resolve(principal, path, 'read');
    const stored = await this.store.stat(file.path);
    if (!stored) throw ApiError.notFound();
    return {
      filename: file.name,
      contentType: contentTypeOf(file.name),
      size: stored.size,
      stream: this.store.read(file.path),
    };
  }

  /** POST /file/delete */
  async delete(principal: Principal, path: unknown): Promise<void> {
    const file = await this.resolve(principal, path, 'change');
    if (file.owner.beforeDelete) {
      const stored = await this.store.stat(file.path);
      if (!stored) throw ApiError.notFound();
      await file.owner.beforeDelete(principal, file.params, stored);
    }
    if (!(await this.store.delete(file.path))) throw ApiError.notFound();
    await file.owner.afterChange?.(principal, file.params);
  }

  private async resolve(principal: Principal, path: unknown, access: 'read' | 'change'): Promise<ResolvedFile> {
    const file = this.owners.file(path);
    await file.owner.authorize(principal, file.params, access);
    return file;
  }
}
