// Listing through bucket.getFiles: order, prefix, delimiter → prefixes, paging, offsets, matchGlob.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBucket } from './test-helpers.js';

const env = useTestBucket('list-bucket');
const names = [
  'a.txt',
  'b/1.txt',
  'b/2.txt',
  'b/c/3.txt',
  'b/c/4.txt',
  'b/d/5.txt',
  'b0',
  'c/6.txt',
  'z',
  'A.txt',
  'b/é.txt',
];
const sorted = [...names].sort();

beforeAll(async () => {
  await Promise.all(names.map((n) => env.bucket.file(n).save(n, { resumable: false })));
});

describe('list', () => {
  it('lists everything in lexicographic order', async () => {
    const [files] = await env.bucket.getFiles();
    expect(files.map((f) => f.name)).toEqual(sorted);
    expect(files[0]!.metadata.size).toBe(String(sorted[0]!.length));
  });

  it('filters by prefix', async () => {
    const [files] = await env.bucket.getFiles({ prefix: 'b/c/' });
    expect(files.map((f) => f.name)).toEqual(['b/c/3.txt', 'b/c/4.txt']);
    expect((await env.bucket.getFiles({ prefix: 'nothing/' }))[0]).toEqual([]);
  });

  it('groups by delimiter into prefixes', async () => {
    const [files, , resp] = await env.bucket.getFiles({ delimiter: '/', autoPaginate: false });
    expect(files.map((f) => f.name)).toEqual(['A.txt', 'a.txt', 'b0', 'z']);
    expect((resp as { prefixes: string[] }).prefixes).toEqual(['b/', 'c/']);
    const [sub, , subResp] = await env.bucket.getFiles({ prefix: 'b/', delimiter: '/', autoPaginate: false });
    expect(sub.map((f) => f.name)).toEqual(['b/1.txt', 'b/2.txt', 'b/é.txt']);
    expect((subResp as { prefixes: string[] }).prefixes).toEqual(['b/c/', 'b/d/']);
  });

  it('pages with maxResults and pageToken (items and prefixes count together)', async () => {
    const seen: string[] = [];
    let query: Record<string, unknown> | null = { maxResults: 3, autoPaginate: false };
    let pages = 0;
    while (query) {
      const [files, next] = await env.bucket.getFiles(query);
      seen.push(...files.map((f) => f.name));
      expect(files.length).toBeLessThanOrEqual(3);
      query = next as Record<string, unknown> | null;
      pages++;
    }
    expect(seen).toEqual(sorted);
    expect(pages).toBe(Math.ceil(sorted.length / 3));

    const entries: string[] = [];
    let q: Record<string, unknown> | null = { delimiter: '/', maxResults: 2, autoPaginate: false };
    while (q) {
      const [files, next, resp] = await env.bucket.getFiles(q);
      entries.push(...files.map((f) => f.name), ...((resp as { prefixes?: string[] }).prefixes ?? []));
      q = next as Record<string, unknown> | null;
    }
    expect(entries.sort()).toEqual(['A.txt', 'a.txt', 'b/', 'b0', 'c/', 'z']);
  });

  it('autoPaginate follows nextPageToken past the 1000-per-page server limit', async () => {
    const many = env.storage.bucket('many-bucket');
    const all = Array.from({ length: 1010 }, (_, i) => `f/${String(i).padStart(4, '0')}`);
    for (let i = 0; i < all.length; i += 100) {
      await Promise.all(all.slice(i, i + 100).map((n) => many.file(n).save('', { resumable: false })));
    }
    const [firstPage, next] = await many.getFiles({ autoPaginate: false });
    expect(firstPage).toHaveLength(1000);
    expect(next).toMatchObject({ pageToken: expect.any(String) });
    const [files] = await many.getFiles();
    expect(files.map((f) => f.name)).toEqual(all);
    // maxResults with autoPaginate is a total cap in the client
    expect((await many.getFiles({ maxResults: 5 }))[0].map((f) => f.name)).toEqual(all.slice(0, 5));
  });

  it('honours startOffset / endOffset and matchGlob', async () => {
    const [files] = await env.bucket.getFiles({ startOffset: 'b/c', endOffset: 'b0' });
    expect(files.map((f) => f.name)).toEqual(['b/c/3.txt', 'b/c/4.txt', 'b/d/5.txt', 'b/é.txt']);
    const [globbed] = await env.bucket.getFiles({ matchGlob: 'b/**/*.txt' });
    expect(globbed.map((f) => f.name)).toEqual([
      'b/1.txt',
      'b/2.txt',
      'b/c/3.txt',
      'b/c/4.txt',
      'b/d/5.txt',
      'b/é.txt',
    ]);
    const [one] = await env.bucket.getFiles({ matchGlob: 'b/*.txt' });
    expect(one.map((f) => f.name)).toEqual(['b/1.txt', 'b/2.txt', 'b/é.txt']);
  });

  it('orders by UTF-8 bytes like GCS (astral characters after U+FFFD)', async () => {
    const ordered = env.storage.bucket('order-bucket');
    const expected = ['Z', 'a', 'é', '\uFFFD', '😀'];
    for (const n of [...expected].reverse()) await ordered.file(n).save(n, { resumable: false });
    expect((await ordered.getFiles())[0].map((f) => f.name)).toEqual(expected);
    expect((await ordered.getFiles({ startOffset: '\uFFFD' }))[0].map((f) => f.name)).toEqual(['\uFFFD', '😀']);
  });

  it('an empty bucket lists nothing', async () => {
    expect((await env.storage.bucket('empty-bucket').getFiles())[0]).toEqual([]);
  });
});
