// 50 MB streaming round-trips: bytes go through the client stream-to-stream, md5 checked both ways.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { pseudoRandom, useTestBucket } from './test-helpers.js';

const env = useTestBucket('large-bucket');
const MB = 1024 * 1024;
const block = pseudoRandom(MB, 5);

/** `mb` MiB generated on the fly (each block tagged with its index so blocks differ). */
function source(mb: number, md5: ReturnType<typeof createHash>): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i === mb) return void this.push(null);
      const chunk = Buffer.from(block);
      chunk.writeUInt32BE(i++, 0);
      md5.update(chunk);
      this.push(chunk);
    },
  });
}

async function roundTrip(name: string, mb: number, resumable: boolean): Promise<void> {
  const file = env.bucket.file(name);
  const upMd5 = createHash('md5');
  await pipeline(source(mb, upMd5), file.createWriteStream({ resumable, contentType: 'application/octet-stream' }));
  const expected = upMd5.digest('base64');
  const [m] = await file.getMetadata();
  expect(m.size).toBe(String(mb * MB));
  expect(m.md5Hash).toBe(expected);
  const downMd5 = createHash('md5');
  let bytes = 0;
  // default validation: the client recomputes crc32c over the stream against x-goog-hash
  for await (const chunk of file.createReadStream()) {
    downMd5.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  expect(bytes).toBe(mb * MB);
  expect(downMd5.digest('base64')).toBe(expected);
}

describe('large objects', () => {
  it('50 MB resumable streaming upload and validated download', () => roundTrip('large/50mb-resumable.bin', 50, true));
  it('50 MB multipart streaming upload and validated download', () => roundTrip('large/50mb-multipart.bin', 50, false));
});
