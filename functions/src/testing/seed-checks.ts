import fs from 'node:fs';
import { AREAS } from '../modules.js';

/** One statement about an area's demo data, checked against the seeded stack by `seed.api.test.ts`. */
export interface SeedCheck {
  name: string;
  run(): Promise<void>;
}

/**
 * The seed test's checks: what every area states about its own demo data in `modules/<area>/<area>.seed-check.ts`
 * (each exported array of checks), found by file name in the order of the area list (the order the seeds ran in),
 * so a new area with a seed needs no line in the seed test.
 */
async function areaChecks(): Promise<Array<SeedCheck & { area: string }>> {
  const checks: Array<SeedCheck & { area: string }> = [];
  for (const { name } of AREAS) {
    const file = new URL(`../modules/${name}/${name}.seed-check.ts`, import.meta.url);
    if (!fs.existsSync(file)) continue;
    for (const value of Object.values(await import(file.href)))
      if (Array.isArray(value)) checks.push(...(value as SeedCheck[]).map((c) => ({ ...c, area: name })));
  }
  return checks;
}

export const SEED_CHECKS = await areaChecks();
