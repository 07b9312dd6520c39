import type { Response } from 'express';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { streamThenEnd } from '../../http/send-download.js';
import type { RateLimit, ThrottlesRepository } from '../../data/throttles.repository.js';
import { addressKey } from '../../http/client-address.js';
import { ApiError, errorsOf, TooManyRequests } from '../../platform/api-error.js';
import {
  BUSINESS_DATA_ERRORS,
  ZIP_MAX_BYTES,
  ZIP_MAX_FILES,
  type DownloadLogEntry,
  type FolderItem,
} from '../../model/business-data.js';
import { collisionFreeName, normaliseFileName } from '../../model/files.js';
import type { Principal } from '../../model/user.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { Logger } from '../../platform/logger.js';
import { tokenKey, type BusinessDataRepository } from './business-data.repository.js';
import { displayName } from './folder-access.js';
import { zipStream } from './zip-stream.js';

const fail = errorsOf(BUSINESS_DATA_ERRORS);

/** Who downloads: a signed-in user, or a visitor of the password link. */
export type Downloader = { principal: Principal } | { anonymous: true };

/** The download counters and the log (who, which file, when; never a network address). */
export class DownloadRecorder {
  constructor(private readonly d: { folders: BusinessDataRepository; now: () => Date }) {}

  async record(folderId: string, items: readonly Pick<FolderItem, 'id' | 'filename'>[], by: Downloader) {
    const at = this.d.now();
    const who: DownloadLogEntry['by'] =
      'principal' in by
        ? { kind: 'user', userId: by.principal.uid, name: displayName(by.principal), email: by.principal.user.mail }
        : { kind: 'anonymous' };
    await this.d.folders.recordDownloads(
      folderId,
      items.map((i) => ({ itemId: i.id, filename: i.filename, by: who, at })),
    );
  }
}

/** The items of a selection, in the order asked (unknown ids: 404), within the ZIP caps (413 selectionTooLarge). */
export async function zipSelection(
  items: readonly FolderItem[],
  itemIds: readonly string[],
  store: Pick<FileStore, 'stat'>,
): Promise<Array<FolderItem & { size: number }>> {
  const ids = [...new Set(itemIds)];
  if (ids.length > ZIP_MAX_FILES) throw fail.selectionTooLarge();
  const byId = new Map(items.map((i) => [i.id, i]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((i) => !i)) throw ApiError.notFound();
  const sized = await Promise.all(
    (chosen as FolderItem[]).map(async (item) => {
      const stored = await store.stat(item.path);
      if (!stored) throw ApiError.notFound();
      return { ...item, size: stored.size };
    }),
  );
  if (sized.reduce((sum, i) => sum + i.size, 0) > ZIP_MAX_BYTES) throw fail.selectionTooLarge();
  return sized;
}

/** Streams the selection as one ZIP (stored entries; nothing built in memory); counted once its last byte is out. */
export async function sendZip(
  res: Response,
  filename: string,
  items: readonly FolderItem[],
  store: Pick<FileStore, 'read'>,
  log: Pick<Logger, 'warn'>,
  delivered: () => Promise<void>,
): Promise<void> {
  res.status(200).set({
    'Content-Type': 'application/zip',
    'Content-Disposition': attachmentDisposition(filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
  const names = zipEntryNames(items.map((i) => i.filename));
  // a failure after the headers cuts the archive off: the client never sees a complete-looking one
  await streamThenEnd(
    res,
    zipStream(items.map((i, n) => ({ name: names[n]!, open: () => store.read(i.path) }))),
    delivered,
    log,
  );
}

/**
 * ZIPs per folder and downloader (a signed-in user, or a folder token) in a window, and per folder and client address
 * for the password link (a visitor who knows the password gets a new token with every check): each request streams
 * up to 200 MB from Storage, and a client that hangs up after the headers costs the function that work.
 */
const ZIP_LIMITS = { perDownloader: 20, perAddress: 60, windowMs: 10 * 60_000 } as const;

export async function zipThrottle(
  throttles: Pick<ThrottlesRepository, 'tryUseAll'>,
  now: Date,
  folderId: string,
  who: { uid: string } | { token: string; address: string | undefined },
): Promise<void> {
  const { perDownloader, perAddress, windowMs } = ZIP_LIMITS;
  const key = (subject: string) => `businessDataZip:${folderId}:${subject}`;
  const limits: RateLimit[] =
    'uid' in who
      ? [{ key: key(`user:${who.uid}`), limit: perDownloader, windowMs }]
      : [
          { key: key(`token:${tokenKey(who.token)}`), limit: perDownloader, windowMs },
          { key: key(`address:${addressKey(who.address)}`), limit: perAddress, windowMs },
        ];
  const verdict = await throttles.tryUseAll(limits, now);
  if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterMs);
}

/**
 * The names the ZIP's entries get: each cleaned as an upload is today (names stored before Windows' rules were applied
 * — `C:plan.pdf`, `CON.pdf` — must not reach a simple unzip as they are), and kept apart where cleaning made two alike.
 */
export function zipEntryNames(filenames: readonly string[]): string[] {
  const taken = new Set<string>();
  return filenames.map((filename) => {
    const name = collisionFreeName(normaliseFileName(filename) || 'Datei', taken);
    taken.add(name);
    return name;
  });
}
