import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import {
  collisionFreeName,
  contentTypeOf,
  documentTypesFor,
  fileDownloadUrl,
  isAllowedExtension,
  FILE_ERRORS,
  type AttachedFile,
  type DocumentType,
  type FileFact,
  type FileOrigin,
} from '../../model/files.js';
import type { Principal } from '../../model/user.js';
import { assertContentMatches } from './content-check.js';
import type { FileDiscard } from '../../platform/files/discard.js';
import type { FileOwners } from '../../platform/files/file-owners.js';
import type { FileStore, StoredObject } from '../../platform/files/file-store.js';
import type { Download } from '../../http/send-download.js';

const fail = errorsOf(FILE_ERRORS);

/** How often an upload picks the next free name when concurrent uploads took the one it chose. */
const MAX_NAME_ATTEMPTS = 10;

function toAttached(o: StoredObject, fact?: FileFact): AttachedFile {
  const filename = o.path.slice(o.path.lastIndexOf('/') + 1);
  const declared = (fact?.documentType ?? o.metadata.documentType) as DocumentType | undefined;
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
    ...(fact ? { uploadedByName: fact.uploadedByName } : {}),
    ...(fact?.side ? { side: fact.side } : {}),
    ...(fact?.downloadCounter !== undefined ? { downloadCounter: fact.downloadCounter } : {}),
    ...(fact?.origin ? { origin: fact.origin.kind } : {}),
  };
}

/**
 * The generic file calls (spec 02 §7 Files). Every call resolves the path through the owners table first
 * (unknown or malformed paths never reach Storage), lets the owning area check its record, then acts. In folders
 * whose record lists its files, the record decides: the listing shows its files, an upload counts once the record
 * took it, a delete happens once the record dropped it (platform/files/file-owners.ts).
 */
export class FilesService {
  constructor(
    private readonly owners: FileOwners,
    private readonly store: FileStore,
    private readonly discard: Pick<FileDiscard, 'discard'>,
  ) {}

  /** GET /file/names: the files of a folder, by name. */
  async names(principal: Principal, path: unknown): Promise<AttachedFile[]> {
    const { owner, params, folder } = this.owners.folder(path);
    const access = await owner.authorize(principal, params, 'read');
    const objects = await this.store.list(folder);
    const facts = access?.facts && new Map(access.facts.map((f) => [f.name, f]));
    const listed = facts ? objects.filter((o) => facts.has(o.path.slice(folder.length))) : objects;
    return listed
      .map((o) => toAttached(o, facts?.get(o.path.slice(folder.length))))
      .sort((a, b) => a.filename.localeCompare(b.filename, 'de'));
  }

  /**
   * POST /file/: stores the file in the folder under a free name (numeric prefix on collision). `origin`: the bytes
   * are not a direct upload (a chat attachment copied into the workflow); the folder's record may list it.
   */
  async upload(
    principal: Principal,
    path: unknown,
    file: UploadedFile | undefined,
    documentType?: string,
    origin?: FileOrigin,
  ): Promise<AttachedFile> {
    const { owner, params, folder } = this.owners.folder(path);
    await owner.authorize(principal, params, 'change');
    if (!file) throw ApiError.badRequest('validation', [{ path: 'file', key: 'validation.required' }]);
    if (!file.filename) throw fail.invalidFileName();
    if (!isAllowedExtension(file.filename, owner.context)) throw fail.fileTypeNotAllowed();
    const type = (documentType || 'UNKNOWN') as DocumentType;
    if (!documentTypesFor(file.filename).includes(type))
      throw ApiError.badRequest('validation', [{ path: 'documentType', key: 'validation.oneOf' }]);
    await assertContentMatches(file.filename, file.bytes);
    const contentType = contentTypeOf(file.filename);
    const metadata = { documentType: type, uploadedBy: principal.uid };
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const taken = new Set((await this.store.list(folder)).map((o) => o.path.slice(folder.length)));
      const name = collisionFreeName(file.filename, taken);
      if (!(await this.store.createIfAbsent(folder + name, file.bytes, contentType, metadata))) continue;
      let fact: FileFact | undefined;
      try {
        const upload = { name, documentType: type, size: file.bytes.length, ...(origin ? { origin } : {}) };
        fact = await owner.recordUpload?.(principal, params, upload);
      } catch (error) {
        // the record refused it (its rules changed meanwhile): the object goes again
        await this.discard.discard([folder + name]);
        throw error;
      }
      const stored = await this.store.stat(folder + name);
      await owner.afterChange?.(principal, params);
      return toAttached(stored ?? { path: folder + name, size: file.bytes.length, contentType, metadata }, fact);
    }
    throw ApiError.conflict();
  }

  /** GET /file/: the file for streaming, after the owner's read check (listed files only, where the record lists). */
  async download(principal: Principal, path: unknown): Promise<Download> {
    const file = this.owners.file(path);
    const access = await file.owner.authorize(principal, file.params, 'read');
    if (access?.facts && !access.facts.some((f) => f.name === file.name)) throw ApiError.notFound();
    const stored = await this.store.stat(file.path);
    if (!stored) throw ApiError.notFound();
    return {
      filename: file.name,
      contentType: contentTypeOf(file.name),
      size: stored.size,
      stream: this.store.read(file.path),
      delivered: file.owner.recordDownload && (() => file.owner.recordDownload!(principal, file.params, file.name)),
    };
  }

  /** POST /file/delete: the record drops the file first (and may refuse); Storage follows. */
  async delete(principal: Principal, path: unknown): Promise<void> {
    const file = this.owners.file(path);
    await file.owner.authorize(principal, file.params, 'change');
    if (file.owner.recordDelete) {
      const listed = await file.owner.recordDelete(principal, file.params, file.name);
      if (!listed && !(await this.store.stat(file.path))) throw ApiError.notFound();
      await this.discard.discard([file.path]);
    } else if (!(await this.store.delete(file.path))) throw ApiError.notFound();
    await file.owner.afterChange?.(principal, file.params);
  }
}
