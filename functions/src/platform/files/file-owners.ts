import { ApiError, errorsOf } from '../api-error.js';
import {
  FILE_ERRORS,
  type DocumentType,
  type FileFact,
  type FileOrigin,
  type UploadContext,
} from '../../model/files.js';
import { isValidId } from '../../model/id.js';
import type { Principal } from '../../model/user.js';

const fail = errorsOf(FILE_ERRORS);

/** What a caller wants to do with the files of a folder. */
type FileAccess = 'read' | 'change';

/** What `authorize` learned of the folder: for folders whose record lists its files, that list. */
interface FolderAccess {
  /** the record's list (FileFact): the listing shows only these files, with who uploaded them */
  facts?: readonly FileFact[];
}

/**
 * One area's folder of files, e.g. `companies/{companyId}/documents/`, registered through its AreaModule's
 * `fileOwners`. `authorize` loads the owning record and applies that record's rules: it throws 404 for records
 * the caller may not know exist and 403 for records he may see but not read or change.
 *
 * A folder whose record's rules depend on its files (a circuit diagram for the release, the ORDER pdf of an
 * accepted offer) lists them on the record (`FileFact`): `recordUpload` and `recordDelete` run in the record's
 * transaction, so a file change and a state change decide on the same facts; Storage follows the committed
 * decision (an object whose fact was refused is removed again, a failed delete is repaired by a task).
 */
export interface FileOwner {
  /** folder template: literal segments and `{param}` segments (each must be a valid id), ending with '/' */
  prefix: string;
  /** which extensions may be uploaded here (model/files.ts UPLOAD_CONTEXTS) */
  context: UploadContext;
  authorize(principal: Principal, params: Record<string, string>, access: FileAccess): Promise<FolderAccess | void>;
  /**
   * Optional: after the object is stored under `name`, the record takes its fact in its transaction, checking its
   * rules again (a refusal throws; the object is then removed). Returns the fact as stored. `origin`: where the
   * bytes came from when not a direct upload (a chat attachment copied into the workflow).
   */
  recordUpload?(
    principal: Principal,
    params: Record<string, string>,
    upload: { name: string; documentType: DocumentType; size: number; origin?: FileOrigin },
  ): Promise<FileFact>;
  /**
   * Optional: before the object is deleted, the record drops its fact in its transaction; throws to refuse (e.g.
   * a document an executed transition relied on). Returns whether the record listed it.
   */
  recordDelete?(principal: Principal, params: Record<string, string>, name: string): Promise<boolean>;
  /**
   * Optional: a file of the folder is being downloaded (GET /file/), after the read check: e.g. a download counter
   * and log (the project folder). Runs before the bytes are sent.
   */
  recordDownload?(principal: Principal, params: Record<string, string>, name: string): Promise<void>;
  /** Optional: after an upload or a delete succeeded (e.g. the owning record's history). */
  afterChange?(principal: Principal, params: Record<string, string>): Promise<void>;
}

export interface ResolvedFolder {
  owner: FileOwner;
  params: Record<string, string>;
  /** the folder path, with trailing '/' */
  folder: string;
}

export interface ResolvedFile extends ResolvedFolder {
  name: string;
  /** folder + name */
  path: string;
}

const MAX_PATH_LENGTH = 1024;

const invalidPath = () => fail.invalidPath();

function hasControl(s: string): boolean {
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return true;
  }
  return false;
}

/**
 * Splits a client path into segments, refusing (400 invalidPath) what could ever address something else:
 * absolute paths, backslashes, control characters, empty segments, `.` and `..`. The path is NFC-normalised
 * like stored file names, so a decomposed name finds its file. A trailing '/' marks a folder.
 */
export function splitPath(raw: unknown): { segments: string[]; folder: boolean } {
  if (typeof raw !== 'string' || !raw || raw.length > MAX_PATH_LENGTH) throw invalidPath();
  const path = raw.normalize('NFC');
  if (path.startsWith('/') || path.includes('\\') || hasControl(path)) throw invalidPath();
  const folder = path.endsWith('/');
  const segments = (folder ? path.slice(0, -1) : path).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.trim() !== s)) throw invalidPath();
  return { segments, folder };
}

interface Compiled {
  owner: FileOwner;
  /** literal text, or the param name for `{param}` */
  parts: Array<{ literal: string } | { param: string }>;
}

/**
 * The server-side table of file folders. Each area registers its prefixes; a path that no prefix claims
 * is unknown (404) and never reaches Storage.
 */
export class FileOwners {
  private readonly owners: Compiled[] = [];

  register(owner: FileOwner): this {
    if (!owner.prefix.endsWith('/')) throw new Error(`file owner prefix must end with '/': ${owner.prefix}`);
    const parts = owner.prefix
      .slice(0, -1)
      .split('/')
      .map((s) => (/^\{\w+\}$/.test(s) ? { param: s.slice(1, -1) } : { literal: s }));
    this.owners.push({ owner, parts });
    return this;
  }

  /** The folder a listing or upload addresses (with or without trailing '/'). */
  folder(raw: unknown): ResolvedFolder {
    const { segments } = splitPath(raw);
    const found = this.match(segments);
    if (!found) throw ApiError.notFound();
    return found;
  }

  /** A file in a registered folder (exactly one segment below the prefix). */
  file(raw: unknown): ResolvedFile {
    const { segments, folder } = splitPath(raw);
    if (folder || segments.length < 2) throw ApiError.notFound();
    const found = this.match(segments.slice(0, -1));
    if (!found) throw ApiError.notFound();
    const name = segments.at(-1)!;
    return { ...found, name, path: found.folder + name };
  }

  private match(segments: string[]): ResolvedFolder | undefined {
    for (const { owner, parts } of this.owners) {
      if (parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const ok = parts.every((part, i) => {
        const segment = segments[i]!;
        if ('literal' in part) return part.literal === segment;
        if (!isValidId(segment)) return false;
        params[part.param] = segment;
        return true;
      });
      if (ok) return { owner, params, folder: `${segments.join('/')}/` };
    }
    return undefined;
  }
}
