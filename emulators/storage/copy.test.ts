// copy (rewriteTo), copyTo, move, rename, moveFileAtomic (moveTo), compose.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket, File } from '@google-cloud/storage';
import { startTestEnv, statusOf, type TestEnv } from './test-helpers.js';

let env: TestEnv;
let bucket: Bucket;

beforeAll(async () => {
  env = await startTestEnv();
  bucket = env.storage.bucket('copy-bucket');
});
afterAll(() => env?.emu.stop());

async function text(b: Bucket, name: string): Promise<string> {
  return (await b.file(name).download())[0].toString();
}

describe('copy and move', () => {
  it('copy keeps bytes and metadata, gets a new generation', async () => {
    const src = bucket.file('src/orig.txt');
    await src.save('payload', { resumable: false, contentType: 'text/plain', metadata: { metadata: { k: 'v' } } });
    const [dest] = await src.copy('dst/copy of orig.txt');
    const [m] = await dest.getMetadata();
    expect(m).toMatchObject({ name: 'dst/copy of orig.txt', contentType: 'text/plain', metadata: { k: 'v' }, md5Hash: src.metadata.md5Hash });
    expect(m.generation).not.toBe(src.metadata.generation);
    expect(await text(bucket, 'dst/copy of orig.txt')).toBe('payload');
    expect(await text(bucket, 'src/orig.txt')).toBe('payload');
  });

  it('copy to another bucket with metadata override and preconditions', async () => {
    const other = env.storage.bucket('other-bucket');
    const src = bucket.file('src/orig.txt');
    await src.copy(other.file('x/y.txt'), { metadata: { extra: '1' }, contentType: 'text/markdown' });
    const [m] = await other.file('x/y.txt').getMetadata();
    expect(m.bucket).toBe('other-bucket');
    expect(m.contentType).toBe('text/markdown');
    expect(m.metadata).toEqual({ k: 'v', extra: '1' });
    expect(await statusOf(src.copy(other.file('x/y.txt'), { preconditionOpts: { ifGenerationMatch: 0 } }))).toBe(412);
    expect(await statusOf(bucket.file('missing').copy('whatever'))).toBe(404);
  });

  it('copy answers a done rewrite response; copyTo answers the resource', async () => {
    const src = bucket.file('src/orig.txt');
    const [, apiResponse] = await src.copy('rewritten.txt');
    expect(apiResponse).toMatchObject({ kind: 'storage#rewriteResponse', done: true, objectSize: '7', resource: { name: 'rewritten.txt' } });
    const [copyToResp] = await src.request({ method: 'POST', uri: `/copyTo/b/copy-bucket/o/${encodeURIComponent('via copyTo.txt')}`, json: {} });
    expect(copyToResp).toMatchObject({ kind: 'storage#object', name: 'via copyTo.txt', size: '7' });
    expect(await text(bucket, 'via copyTo.txt')).toBe('payload');
  });

  it('move and rename remove the source', async () => {
    await bucket.file('m/a.txt').save('move me', { resumable: false });
    await bucket.file('m/a.txt').move('m/b.txt');
    expect((await bucket.file('m/a.txt').exists())[0]).toBe(false);
    expect(await text(bucket, 'm/b.txt')).toBe('move me');
    await bucket.file('m/b.txt').rename('m/c ü.txt');
    expect((await bucket.file('m/b.txt').exists())[0]).toBe(false);
    expect(await text(bucket, 'm/c ü.txt')).toBe('move me');
  });

  it('moveFileAtomic uses moveTo', async () => {
    await bucket.file('atomic/a').save('atomic', { resumable: false });
    const [moved] = await bucket.file('atomic/a').moveFileAtomic('atomic/b');
    expect((moved as File).name).toBe('atomic/b');
    expect((await bucket.file('atomic/a').exists())[0]).toBe(false);
    expect(await text(bucket, 'atomic/b')).toBe('atomic');
    await bucket.file('atomic/c').save('other', { resumable: false });
    expect(await statusOf(bucket.file('atomic/b').moveFileAtomic('atomic/c', { preconditionOpts: { ifGenerationMatch: 0 } }))).toBe(412);
  });

  it('copy of a copy survives deleting the original (shared blob refcount)', async () => {
    await bucket.file('shared/1').save('shared bytes', { resumable: false });
    await bucket.file('shared/1').copy('shared/2');
    await bucket.file('shared/1').delete();
    expect(await text(bucket, 'shared/2')).toBe('shared bytes');
    await bucket.file('shared/2').copy('shared/2'); // rewrite onto itself
    expect(await text(bucket, 'shared/2')).toBe('shared bytes');
  });

  it('compose concatenates sources', async () => {
    await bucket.file('parts/1').save('abc', { resumable: false });
    await bucket.file('parts/2').save('def', { resumable: false });
    await bucket.combine(['parts/1', 'parts/2'], 'parts/all');
    const [m] = await bucket.file('parts/all').getMetadata();
    expect(await text(bucket, 'parts/all')).toBe('abcdef');
    expect(m.md5Hash).toBe(createHash('md5').update('abcdef').digest('base64'));
  });
});
