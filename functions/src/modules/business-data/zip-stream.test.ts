import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { zipEntryNames } from './downloads.js';
import { dosDateTime, zipStream, type ZipSource } from './zip-stream.js';

const dir = mkdtempSync(join(tmpdir(), 'zip-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A source that yields its bytes in small chunks (as Storage streams do). */
function chunked(name: string, bytes: Buffer, step = 1000): ZipSource {
  return {
    name,
    open: () =>
      Readable.from(
        (function* () {
          for (let i = 0; i < bytes.length; i += step) yield bytes.subarray(i, i + step);
        })(),
      ),
  };
}

/** unzip decodes the names for the locale it runs in: UTF-8 */
const UTF8 = { env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } };

function unzip(archive: Buffer, ...args: string[]): string {
  const file = join(dir, `a-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, archive);
  return execFileSync('unzip', [...args, file], { ...UTF8, encoding: 'utf8' });
}

describe('streaming ZIP writer', () => {
  it('writes an archive unzip accepts, with every entry intact', async () => {
    const big = Buffer.alloc(300_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    const archive = await collect(
      zipStream([
        chunked('Schaltplan.pdf', Buffer.from('%PDF-1.7\nHallo\n')),
        chunked('Fotos Übergabe.png', big, 4096),
        chunked('leer.txt', Buffer.alloc(0)),
      ]),
    );
    const test = unzip(archive, '-t');
    expect(test).toMatch(/No errors detected/);
    const listing = unzip(archive, '-Z1');
    expect(listing.split('\n').filter(Boolean)).toEqual(['Schaltplan.pdf', 'Fotos Übergabe.png', 'leer.txt']);
    const file = join(dir, 'content.zip');
    writeFileSync(file, archive);
    expect(execFileSync('unzip', ['-p', file, 'Fotos Übergabe.png'], UTF8)).toEqual(big);
    expect(execFileSync('unzip', ['-p', file, 'Schaltplan.pdf'], UTF8).toString()).toBe('%PDF-1.7\nHallo\n');
  });

  it('an empty selection is a valid empty archive', async () => {
    const archive = await collect(zipStream([]));
    expect(archive).toHaveLength(22);
    expect(archive.readUInt32LE(0)).toBe(0x06054b50);
  });

  it('streams: each source is opened when its turn comes, after the one before was read to its end', async () => {
    const events: string[] = [];
    const source = (name: string): ZipSource => ({
      name,
      open: () => {
        events.push(`open ${name}`);
        return Readable.from(
          (function* () {
            yield Buffer.from(name);
            events.push(`end ${name}`);
          })(),
        );
      },
    });
    await collect(zipStream([source('a.txt'), source('b.txt')]));
    expect(events).toEqual(['open a.txt', 'end a.txt', 'open b.txt', 'end b.txt']);
  });

  it('a failing source fails the stream (the response is then cut off, never completed)', async () => {
    const broken: ZipSource = {
      name: 'kaputt.pdf',
      open: () =>
        Readable.from(
          (async function* () {
            yield Buffer.from('%PDF');
            throw new Error('storage gone');
          })(),
        ),
    };
    await expect(collect(zipStream([broken]))).rejects.toThrow('storage gone');
  });

  it('DOS time and date', () => {
    expect(dosDateTime(new Date(Date.UTC(2026, 4, 22, 13, 45, 30)))).toEqual({
      time: (13 << 11) | (45 << 5) | 15,
      date: (46 << 9) | (5 << 5) | 22,
    });
  });
});

describe('ZIP entry names', () => {
  it('cleans names stored before the Windows rules and keeps names that became alike apart', () => {
    expect(zipEntryNames(['C:plan.pdf', 'C_plan.pdf', 'CON.pdf', 'Plan.pdf', '\u0000'])).toEqual([
      'C_plan.pdf',
      '1_C_plan.pdf',
      '_CON.pdf',
      'Plan.pdf',
      'Datei',
    ]);
  });
});
