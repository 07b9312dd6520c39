import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSessionXhr } from '../testing/fake-session-xhr';
import { persistedBytes, ResumableUploadError, uploadResumable } from './resumable-upload';

const URL_ = 'http://127.0.0.1:9199/upload/storage/v1/b/bk/o?uploadType=resumable&upload_id=abc';
const KIB256 = 256 * 1024;

beforeEach(() => {
  FakeSessionXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeSessionXhr);
});
afterEach(() => vi.unstubAllGlobals());

/** The bytes a request carried, for comparing with the file. */
const bytesOf = async (b: Blob | null) => new Uint8Array(await b!.arrayBuffer());

describe('uploadResumable (the Cloud Storage resumable protocol in the browser)', () => {
  it('sends chunks on 256 KiB multiples with Content-Range, follows the 308 Range, and reports progress', async () => {
    const data = new Uint8Array(2 * KIB256 + 100).map((_, i) => i % 251);
    const file = new Blob([data]);
    const progress: number[] = [];
    const done = uploadResumable(URL_, file, { chunkBytes: KIB256, onProgress: (sent) => progress.push(sent) });

    const first = await FakeSessionXhr.request(0);
    expect(first.method).toBe('PUT');
    expect(first.url).toBe(URL_);
    expect(first.headers['Content-Range']).toBe(`bytes 0-${KIB256 - 1}/${data.length}`);
    expect(await bytesOf(first.body)).toEqual(data.subarray(0, KIB256));
    first.progress(100_000);
    // Storage persisted less than was sent: the next chunk starts after what it confirmed
    first.respond(308, { Range: `bytes=0-${200_000 - 1}` });

    const second = await FakeSessionXhr.request(1);
    expect(second.headers['Content-Range']).toBe(`bytes 200000-${KIB256 - 1}/${data.length}`);
    expect(await bytesOf(second.body)).toEqual(data.subarray(200_000, KIB256));
    second.respond(308, { Range: `bytes=0-${KIB256 - 1}` });

    const third = await FakeSessionXhr.request(2);
    expect(third.headers['Content-Range']).toBe(`bytes ${KIB256}-${2 * KIB256 - 1}/${data.length}`);
    third.respond(308, { Range: `bytes=0-${2 * KIB256 - 1}` });
    const last = await FakeSessionXhr.request(3);
    expect(last.headers['Content-Range']).toBe(`bytes ${2 * KIB256}-${data.length - 1}/${data.length}`);
    last.respond(200);
    await done;
    expect(progress).toEqual([0, 100_000, 200_000, KIB256, 2 * KIB256, data.length]);
  });

  it('a dropped connection: waits, asks where Storage got to (bytes */N), and resumes from the confirmed offset', async () => {
    const data = new Uint8Array(KIB256 + 10);
    const waits: number[] = [];
    const retries: number[] = [];
    const done = uploadResumable(URL_, new Blob([data]), {
      chunkBytes: 4 * KIB256,
      wait: (attempt) => (waits.push(attempt), Promise.resolve()),
      onRetry: (attempt) => retries.push(attempt),
    });
    const whole = await FakeSessionXhr.request(0);
    expect(whole.headers['Content-Range']).toBe(`bytes 0-${data.length - 1}/${data.length}`);
    whole.progress(150_000);
    whole.drop();

    const query = await FakeSessionXhr.request(1);
    expect(query.headers['Content-Range']).toBe(`bytes */${data.length}`);
    expect(query.body).toBeNull();
    query.respond(308, { Range: 'bytes=0-131071' });

    const rest = await FakeSessionXhr.request(2);
    expect(rest.headers['Content-Range']).toBe(`bytes 131072-${data.length - 1}/${data.length}`);
    // a 503 is retried the same way; the status query may itself say the object is complete
    rest.respond(503);
    const again = await FakeSessionXhr.request(3);
    expect(again.headers['Content-Range']).toBe(`bytes */${data.length}`);
    again.respond(200);
    await done;
    expect(waits).toEqual([1, 1]); // progress in between resets the count
    expect(retries).toEqual([1, 1]);
  });

  it('gives up after the retries without progress; an expired session or a refusal ends it at once', async () => {
    const file = new Blob([new Uint8Array(1000)]);
    const failing = uploadResumable(URL_, file, { retries: 2, wait: () => Promise.resolve() });
    for (let n = 0; n < 3; n++) (await FakeSessionXhr.request(n)).drop();
    await expect(failing).rejects.toMatchObject({ reason: 'network' });

    FakeSessionXhr.reset();
    const expired = uploadResumable(URL_, file);
    (await FakeSessionXhr.request(0)).respond(404);
    await expect(expired).rejects.toMatchObject({ reason: 'expired', status: 404 });

    FakeSessionXhr.reset();
    const refused = uploadResumable(URL_, file);
    (await FakeSessionXhr.request(0)).respond(400);
    await expect(refused).rejects.toMatchObject({ reason: 'refused', status: 400 });
  });

  it('cancelling aborts the running PUT', async () => {
    const controller = new AbortController();
    const running = uploadResumable(URL_, new Blob([new Uint8Array(1000)]), { signal: controller.signal });
    await FakeSessionXhr.request(0);
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(ResumableUploadError);
    await expect(running).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('reads the Range header', () => {
    expect(persistedBytes('bytes=0-262143')).toBe(262144);
    expect(persistedBytes(null)).toBe(0);
    expect(persistedBytes('garbage')).toBe(0);
  });
});
