import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaNames, refusals, writeArea } from './new-area/scaffold.js';

// `npm run new-area <name>`: scaffolds a working area (server module, model, web feature, locale) in the project's
// shape, registers it (one import and one entry in functions/src/modules.ts and web/src/app/features.ts) and runs
// `npm run indexes`. docs/architecture.md "Adding an area (server)" says what it writes and what a real area adds.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
if (!name || process.argv.length > 3) {
  console.error('Usage: npm run new-area <name>   (kebab-case, e.g. service-reports)');
  process.exit(2);
}

let names;
try {
  names = areaNames(name);
} catch (error) {
  console.error(`new-area: ${(error as Error).message}`);
  process.exit(2);
}
const refused = refusals(root, names);
if (refused.length) {
  console.error(`new-area: cannot create the area "${name}":\n${refused.map((r) => `  - ${r}`).join('\n')}`);
  process.exit(1);
}

const written = await writeArea(root, names);
console.log(`new-area: wrote ${written.length} files:\n${written.map((f) => `  ${f}`).join('\n')}`);
console.log('new-area: registered in functions/src/modules.ts (AREAS) and web/src/app/features.ts (FEATURES)');
const indexes = spawnSync('npm', ['run', '--silent', 'indexes'], { cwd: root, stdio: 'inherit' });
if (indexes.status !== 0) process.exit(indexes.status ?? 1);
