/**
 * The browser side of a Cloud Storage resumable upload (JSON API protocol) to a session URI the API issued
 * (`POST /article/import/upload`, docs/decisions-imports.md "Large files"):
 *
 * - the file goes up in chunks, each a PUT with `Content-Range: bytes a-b/total`; chunk ends lie on multiples of
 *   `chunkBytes` (a multiple of 256 KiB, as the protocol asks of every chunk but the last);
 * - Storage answers `308` with `Range: bytes=0-n` (what it has persisted, possibly less than was sent) until the
 *   last byte, then `200`/`201` with the object; the next chunk always starts after the confirmed `n`;
 * - a dropped connection, a timeout, `408`, `429` or a `5xx` is followed by a status query (an empty PUT with
 *   `Content-Range: bytes * /total`) — at once the first time, then after growing waits — and the upload resumes
 *   from the offset it reports; a
 *   session Storage no longer knows (`404`, `410`) or another refusal ends it;
 * - bytes sent are reported as they go (XMLHttpRequest's upload progress; fetch cannot report it).
 *
 * Cross-origin: the page must be allowed to connect to Storage (CSP `connect-src`), and Storage must answer the
 * portal's origin (the session's origin, bucket CORS) and expose `Range`.
 */

/** 8 MiB per PUT: few requests for a 40 MB file, and a lost chunk costs little. A multiple of 256 KiB. */
const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;
/** The protocol's chunk granularity. */
const RESUMABLE_GRANULARITY = 256 * 1024;
/** Attempts after a failure without progress before the upload gives up. */
const RESUMABLE_RETRIES = 6;

export type ResumableFailure = 'network' | 'expired' | 'refused' | 'aborted';

/** Why an upload ended without the object. */
export class ResumableUploadError extends Error {
  constructor(
    readonly reason: ResumableFailure,
    readonly status = 0,
  ) {
    super(`resumable upload ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'ResumableUploadError';
  }
}

export interface ResumableUploadOptions {
  /** bytes sent so far (confirmed offset plus the running chunk's progress) */
  onProgress?: (sent: number, total: number) => void;
  /** a failure is being retried: `attempt` 1, 2, … (the panel says the connection was interrupted) */
  onRetry?: (attempt: number) => void;
  signal?: AbortSignal;
  chunkBytes?: number;
  retries?: number;
  /** the wait before retry `attempt` (default: none before the first, then 1 s, 2 s, 4 s … up to 30 s) */
  wait?: (attempt: number, signal?: AbortSignal) => Promise<void>;
}

interface Answer {
  /** 0 = no answer (connection dropped, timeout) */
  status: number;
  range: string | null;
}

/**
 * A dropped connection is often back at once (a proxy reset, a Wi-Fi handover), and the status query is cheap: the
 * first retry asks right away, later ones back off.
 */
function defaultWait(attempt: number, signal?: AbortSignal): Promise<void> {
  if (attempt <= 1) return signal?.aborted ? Promise.reject(new ResumableUploadError('aborted')) : Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, Math.min(30_000, 1000 * 2 ** (attempt - 2)));
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ResumableUploadError('aborted'));
    });
  });
}

/** One PUT to the session URI (a chunk, or an empty status query). */
function put(
  url: string,
  contentRange: string,
  body: Blob | null,
  signal: AbortSignal | undefined,
  onSent: (loaded: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ResumableUploadError('aborted'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Range', contentRange);
    if (body) xhr.upload.onprogress = (e) => onSent(e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, range: xhr.getResponseHeader('Range') });
    xhr.onerror = () => resolve({ status: 0, range: null });
    xhr.ontimeout = () => resolve({ status: 0, range: null });
    xhr.onabort = () => reject(new ResumableUploadError('aborted'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** `Range: bytes=0-n` → n + 1 bytes persisted; no header → nothing yet. */
export function persistedBytes(range: string | null): number {
  const m = /^bytes=0-(\d+)$/.exec(range?.trim() ?? '');
  return m ? Number(m[1]) + 1 : 0;
}

const transient = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

/** Uploads `file` to the session URI `url`; resolves once Storage holds the whole object. */
export async function uploadResumable(url: string, file: Blob, options: ResumableUploadOptions = {}): Promise<void> {
  const total = file.size;
  const chunk = Math.max(
    RESUMABLE_GRANULARITY,
    Math.floor((options.chunkBytes ?? RESUMABLE_CHUNK_BYTES) / RESUMABLE_GRANULARITY) * RESUMABLE_GRANULARITY,
  );
  const retries = options.retries ?? RESUMABLE_RETRIES;
  const wait = options.wait ?? defaultWait;
  const report = (sent: number) => options.onProgress?.(Math.min(sent, total), total);
  let offset = 0;
  let failures = 0;
  let query = false;
  report(0);
  for (;;) {
    let answer: Answer;
    if (query || total === 0) {
      answer = await put(url, `bytes */${total}`, null, options.signal, () => {});
    } else {
      const end = Math.min(total, (Math.floor(offset / chunk) + 1) * chunk);
      const start = offset;
      answer = await put(url, `bytes ${start}-${end - 1}/${total}`, file.slice(start, end), options.signal, (loaded) =>
        report(start + loaded),
      );
    }
    if (answer.status === 200 || answer.status === 201) {
      report(total);
      return;
    }
    if (answer.status === 308) {
      const confirmed = persistedBytes(answer.range);
      if (confirmed > offset) failures = 0;
      offset = confirmed;
      query = false;
      report(offset);
      continue;
    }
    if (answer.status === 404 || answer.status === 410) throw new ResumableUploadError('expired', answer.status);
    if (!transient(answer.status)) throw new ResumableUploadError('refused', answer.status);
    failures += 1;
    if (failures > retries) throw new ResumableUploadError('network', answer.status);
    options.onRetry?.(failures);
    await wait(failures, options.signal);
    // where did Storage get to? (the answer may never have reached us)
    query = true;
  }
}

/** Cancels a session (DELETE → 499), so Storage drops what it holds; best effort. */
export async function cancelResumable(url: string): Promise<void> {
  await fetch(url, { method: 'DELETE' }).catch(() => undefined);
}
