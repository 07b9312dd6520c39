import type { Readable } from 'node:stream';
import type { Storage } from 'firebase-admin/storage';

type Bucket = ReturnType<Storage['bucket']>;
type File = ReturnType<Bucket['file']>;

/** One stored object as the files module sees it. */
export interface StoredObject {
  /** full object name (= the API path) */
  path: string;
  size: number;
  contentType: string;
  updated?: Date;
  /** custom metadata (documentType, uploadedBy) */
  metadata: Record<string, string>;
}

/** The Cloud Storage operations the files module needs; the only code that touches the bucket. */
export interface FileStore {
  /** Objects directly in `folder` (ending with '/'), not in subfolders. */
  list(folder: string): Promise<StoredObject[]>;
  /** Creates the object only if no object has that name (a concurrent upload wins): false when taken. */
  createIfAbsent(path: string, bytes: Buffer, contentType: string, metadata: Record<string, string>): Promise<boolean>;
  /**
   * Writes the object whatever is there (internal files a task regenerates identically on a retry, e.g. the
   * article import's row batches); user uploads use createIfAbsent.
   */
  write(path: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * A resumable-upload session for a new object (the browser uploads past the API's 10 MB request limit, e.g. an
   * article import file): the session URL, valid for a week; the object must not exist yet.
   */
  createUploadSession(path: string, contentType: string, origin?: string): Promise<string>;
  stat(path: string): Promise<StoredObject | undefined>;
  read(path: string): Readable;
  /** false when there was nothing to delete */
  delete(path: string): Promise<boolean>;
}

const PRECONDITION_FAILED = 412;
const NOT_FOUND = 404;

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function toStored(file: File): StoredObject {
  const m = file.metadata;
  const custom = Object.fromEntries(
    Object.entries(m.metadata ?? {})
      .filter(([, v]) => v != null)
      .map(([k, v]) => [k, String(v)]),
  );
  return {
    path: file.name,
    size: Number(m.size ?? 0),
    contentType: m.contentType ?? 'application/octet-stream',
    updated: m.updated ? new Date(m.updated) : undefined,
    metadata: custom,
  };
}

/** FileStore on a Cloud Storage bucket (firebase.ts `bucket()`; the Storage emulator in tests). */
export class StorageFileStore implements FileStore {
  constructor(private readonly bucket: () => Bucket) {}

  async list(folder: string): Promise<StoredObject[]> {
    const [files] = await this.bucket().getFiles({ prefix: folder, delimiter: '/', autoPaginate: true });
    return files.filter((f) => f.name !== folder).map(toStored);
  }

  async createIfAbsent(
    path: string,
    bytes: Buffer,
    contentType: string,
    metadata: Record<string, string>,
  ): Promise<boolean> {
    try {
      await this.bucket()
        .file(path)
        .save(bytes, {
          resumable: false,
          contentType,
          metadata: { contentType, contentDisposition: 'attachment', metadata },
          preconditionOpts: { ifGenerationMatch: 0 },
        });
      return true;
    } catch (error) {
      if (codeOf(error) === PRECONDITION_FAILED) return false;
      throw error;
    }
  }

  async write(path: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.bucket()
      .file(path)
      .save(bytes, { resumable: false, contentType, metadata: { contentType, contentDisposition: 'attachment' } });
  }

  async createUploadSession(path: string, contentType: string, origin?: string): Promise<string> {
    const [uri] = await this.bucket()
      .file(path)
      .createResumableUpload({
        metadata: { contentType, contentDisposition: 'attachment' },
        preconditionOpts: { ifGenerationMatch: 0 },
        ...(origin ? { origin } : {}),
      });
    return uri;
  }

  async stat(path: string): Promise<StoredObject | undefined> {
    const file = this.bucket().file(path);
    try {
      await file.getMetadata();
      return toStored(file);
    } catch (error) {
      if (codeOf(error) === NOT_FOUND) return undefined;
      throw error;
    }
  }

  read(path: string): Readable {
    return this.bucket().file(path).createReadStream({ validation: false });
  }

  async delete(path: string): Promise<boolean> {
    try {
      await this.bucket().file(path).delete();
      return true;
    } catch (error) {
      if (codeOf(error) === NOT_FOUND) return false;
      throw error;
    }
  }
}

/** The whole object in memory (files are at most 10 MB); undefined when it does not exist. */
export async function readObject(store: FileStore, path: string): Promise<Buffer | undefined> {
  if (!(await store.stat(path))) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(path)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Copies an object (content, type and custom metadata, `metadata` overriding single keys) to a new name,
 * only if that name is free. Through the store's own calls, so any FileStore can copy. False when the
 * source is gone or the target taken.
 */
export async function copyObject(
  store: FileStore,
  from: string,
  to: string,
  metadata: Record<string, string> = {},
): Promise<boolean> {
  const source = await store.stat(from);
  const bytes = source && (await readObject(store, from));
  if (!source || !bytes) return false;
  return store.createIfAbsent(to, bytes, source.contentType, { ...source.metadata, ...metadata });
}
