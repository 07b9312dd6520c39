import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AREAS } from '../functions/src/modules.js';
import type { Bench, BenchSection } from './bench-types.js';

// `npm run bench`: runs every area's benchmark one after another (they compete for 2 cores otherwise)
// and writes docs/performance.md with the machine and date. Pass area names to run a subset.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The platform's benches, then each area's `functions/src/modules/<area>/<area>.bench.ts` (found by name). */
const BENCHES: Record<string, string> = {
  firestore: 'emulators/firestore/bench.ts',
  storage: 'emulators/storage/bench.ts',
  // the BOM engine's bench; `bom` is the BOM area's (functions/src/modules/bom/bom.bench.ts)
  'bom-engine': 'functions/src/bom/bom.bench.ts',
  'bom-corpus': 'functions/src/bom/corpus.bench.ts',
  ...Object.fromEntries(
    AREAS.map((a) => [a.name, `functions/src/modules/${a.name}/${a.name}.bench.ts`]).filter(([, file]) =>
      fs.existsSync(path.join(ROOT, file!)),
    ),
  ),
  // the user list at 100 000 users (issue 34 point 1); `users` is the area's password-reset bench
  'user-list': 'functions/src/modules/users/user-list.bench.ts',
  login: 'web/e2e/login-bench.ts',
  // 50 simulated users doing the whole flow at once (LOAD_SECONDS, default 300)
  load: 'scripts/load/load.bench.ts',
};

const selected = process.argv.slice(2);
const sections: BenchSection[] = [];
for (const [name, file] of Object.entries(BENCHES)) {
  if (selected.length && !selected.includes(name)) continue;
  console.log(`bench: ${name} …`);
  const mod = (await import(pathToFileURL(path.join(ROOT, file)).href)) as { default: Bench };
  const section = await mod.default();
  sections.push(section);
  console.log(renderSection(section));
}

function renderSection(s: BenchSection): string {
  const rows = s.rows.map(
    (r) => `| ${r.measure} | ${r.result} | ${r.target ?? '–'} | ${r.ok === undefined ? '' : r.ok ? 'yes' : 'NO'} |`,
  );
  const notes = (s.notes ?? []).map((n) => `- ${n}`);
  return [`## ${s.title}`, '', '| Measure | Result | Target | Met |', '|---|---|---|---|', ...rows, '', ...notes].join(
    '\n',
  );
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = [
  '# Performance',
  '',
  'Written by `npm run bench` (never asserted in timed tests). Re-run it after changes to a hot path.',
  '',
  `- Date: ${new Date().toISOString().slice(0, 10)}`,
  `- Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}`,
  `- Node: ${process.version}`,
  '',
].join('\n');

// Hand-written sections after this marker (counts asserted by tests, not timed) survive a re-run.
const KEEP = '<!-- written by hand below: npm run bench keeps it -->';
if (!selected.length) {
  const file = path.join(ROOT, 'docs/performance.md');
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const kept = previous.includes(KEEP) ? `\n${previous.slice(previous.indexOf(KEEP))}` : '';
  fs.writeFileSync(file, `${header}\n${sections.map(renderSection).join('\n\n')}\n${kept}`);
  console.log('wrote docs/performance.md');
}
process.exit(0);
