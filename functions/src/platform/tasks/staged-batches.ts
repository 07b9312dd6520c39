import { readObject, type FileStore } from '../files/file-store.js';

/**
 * A task's input parsed once into JSON batches in Storage (`<folder>000000.json` …) and a manifest written last, so
 * its presence means every batch is stored: the first delivery stages, every chunk reads only its batch. A crash
 * while staging stages again (the batches are overwritten identically). Used by the article import and the BOM line
 * sets.
 */
export function stagedBatches<Item, Manifest>(files: FileStore, folder: string) {
  const batchPath = (n: number) => `${folder}${String(n).padStart(6, '0')}.json`;
  const manifestPath = `${folder}manifest.json`;
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  return {
    writeBatch: (n: number, items: readonly Item[]) => files.write(batchPath(n), json(items), 'application/json'),
    async readBatch(n: number): Promise<Item[]> {
      const raw = await readObject(files, batchPath(n));
      if (!raw) throw new Error(`staged batch ${n} under ${folder} is missing`);
      return JSON.parse(raw.toString('utf8')) as Item[];
    },
    writeManifest: (manifest: Manifest) => files.write(manifestPath, json(manifest), 'application/json'),
    async readManifest(): Promise<Manifest | undefined> {
      const raw = await readObject(files, manifestPath);
      return raw ? (JSON.parse(raw.toString('utf8')) as Manifest) : undefined;
    },
  };
}
