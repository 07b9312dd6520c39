import fs from 'node:fs';
import { AREAS } from '../modules.js';
import type { AccessRow } from './access-matrix.js';

/**
 * The access matrix: the rows every area contributes in `modules/<area>/<area>.access.ts` (each exported array of
 * rows), found by file name in the order of the area list, so a new area needs no line here.
 */
async function areaRows(): Promise<AccessRow[]> {
  const rows: AccessRow[] = [];
  for (const { name } of AREAS) {
    const file = new URL(`../modules/${name}/${name}.access.ts`, import.meta.url);
    if (!fs.existsSync(file)) continue;
    for (const value of Object.values(await import(file.href)))
      if (Array.isArray(value)) rows.push(...(value as AccessRow[]));
  }
  return rows;
}

export const ACCESS_ROWS: AccessRow[] = await areaRows();
