// copy (rewriteTo), copyTo, move, rename, moveFileAtomic (moveTo), compose.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Bucket, File } from '@google-cloud/storage';
import { statusOf, useTestBucket } from './test-helpers.js';

const env = useTestBucket('copy-bucket');

async function text(b: Bucket, name: string): Promise<string> {
  return (await b.file(name).download())[0].toString();
}

describe('copy and move', () => {
  it('copy keeps bytes and metadata, gets a new generation', async () => {
    const src = env.bucket.file('src/orig.txt');
    await src.save('payload', { resumable: false, contentType: 'text/plain', metadata: { metadata: { k: 'v' } } });
    const [dest] = await src.copy('dst/copy of orig.txt');
    const [m] = await dest.getMetadata();
    expect(m).toMatchObject({
      name: 'dst/copy of orig.txt',
      contentType: 'text/plain',
      metadata: { k: 'v' },
      md5Hash: src.metadata.md5Hash,
    });
    expect(m.generation).not.toBe(src.metadata.generation);
    expect(await text(env.bucket, 'dst/copy of orig.txt')).toBe('payload');
    expect(await text(env.bucket, 'src/orig.txt')).toBe('payload');
  });

  it('copy to another bucket with metadata override and preconditions', async () => {
    const other = env.storage.bucket('other-bucket');
    const src = env.bucket.file('src/orig.txt');
    await src.copy(other.file('x/y.txt'), { metadata: { extra: '1' }, contentType: 'text/markdown' });
    const [m] = await other.file('x/y.txt').getMetadata();
    expect(m.bucket).toBe('other-bucket');
    expect(m.contentType).toBe('text/markdown');
    expect(m.metadata).toEqual({ k: 'v', extra: '1' });
    expect(await statusOf(src.copy(other.file('x/y.txt'), { preconditionOpts: { ifGenerationMatch: 0 } }))).toBe(412);
    expect(await statusOf(env.bucket.file('missing').copy('whatever'))).toBe(404);
  });

  it('copy answers a done rewrite response; copyTo answers the resource', async () => {
    const src = env.bucket.file('src/orig.txt');
    const [, apiResponse] = await src.copy('rewritten.txt');
    expect(apiResponse).toMatchObject({
      kind: 'storage#rewriteResponse',
      done: true,
      objectSize: '7',
      resource: { name: 'rewritten.txt' },
    });
    const [copyToResp] = await src.request({
      method: 'POST',
      uri: `/copyTo/b/copy-bucket/o/${encodeURIComponent('via copyTo.txt')}`,
      json: {},
    });
    expect(copyToResp).toMatchObject({ kind: 'storage#object', name: 'via copyTo.txt', size: '7' });
    expect(await text(env.bucket, 'via copyTo.txt')).toBe('payload');
  });

  it('move and rename remove the source', async () => {
    await env.bucket.file('m/a.txt').save('move me', { resumable: false });
    await env.bucket.file('m/a.txt').move('m/b.txt');
    expect((await env.bucket.file('m/a.txt').exists())[0]).toBe(false);
    expect(await text(env.bucket, 'm/b.txt')).toBe('move me');
    await env.bucket.file('m/b.txt').rename('m/c ü.txt');
    expect((await env.bucket.file('m/b.txt').exists())[0]).toBe(false);
    expect(await text(env.bucket, 'm/c ü.txt')).toBe('move me');
  });

  it('moveFileAtomic uses moveTo', async () => {
    await env.bucket.file('atomic/a').save('atomic', { resumable: false });
    const [moved] = await env.bucket.file('atomic/a').moveFileAtomic('atomic/b');
    expect((moved as File).name).toBe('atomic/b');
    expect((await env.bucket.file('atomic/a').exists())[0]).toBe(false);
    expect(await text(env.bucket, 'atomic/b')).toBe('atomic');
    await env.bucket.file('atomic/c').save('other', { resumable: false });
    expect(
      await statusOf(
        env.bucket.file('atomic/b').moveFileAtomic('atomic/c', { preconditionOpts: { ifGenerationMatch: 0 } }),
      ),
    ).toBe(412);
  });

  it('copy of a copy survives deleting the original (shared blob refcount)', async () => {
    await env.bucket.file('shared/1').save('shared bytes', { resumable: false });
    await env.bucket.file('shared/1').copy('shared/2');
    await env.bucket.file('shared/1').delete();
    expect(await text(env.bucket, 'shared/2')).toBe('shared bytes');
    await env.bucket.file('shared/2').copy('shared/2'); // rewrite onto itself
    expect(await text(env.bucket, 'shared/2')).toBe('shared bytes');
  });

  it('compose concatenates sources', async () => {
    await env.bucket.file('parts/1').save('abc', { resumable: false });
    await env.bucket.file('parts/2').save('def', { resumable: false });
    await env.bucket.combine(['parts/1', 'parts/2'], 'parts/all');
    const [m] = await env.bucket.file('parts/all').getMetadata();
    expect(await text(env.bucket, 'parts/all')).toBe('abcdef');
    expect(m.md5Hash).toBe(createHash('md5').update('abcdef').digest('base64'));
  });
});
