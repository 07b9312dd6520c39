import { stopOnSignals } from '@schrankwerk/emulators/shared/stop-on-signals';
import path from 'node:path';
import { buildAll } from './build.js';
import { ROOT, startStack } from './stack.js';
import { seedIfEmpty } from '../../functions/src/seed/seed.js';

// `npm start`: build, start the whole local stack with persisted state, seed demo data on an empty
// database, print the URLs; Ctrl-C stops everything cleanly.
const official = process.argv.includes('--official');
const dataDir = path.join(ROOT, '.data');

await buildAll();
const stack = await startStack({
  dataDir,
  persistAuth: true,
  official,
  indexMode: 'warn', // a query lacking its index logs the index to add instead of failing
  log: (name, line) => console.log(`[${name}] ${line}`),
});
Object.assign(process.env, stack.env);
const seeded = await seedIfEmpty();

console.log(`
Schrankwerk is running${seeded ? ' (demo data loaded)' : ''}:
  Portal     ${stack.urls.portal}
  API        ${stack.urls.api}
  Functions  ${stack.urls.functions}
  Firestore  ${stack.urls.firestore}
  Storage    ${stack.urls.storage}
  Auth       ${stack.urls.auth}
  Tasks      ${stack.urls.tasks}
  Data       ${dataDir}
Press Ctrl-C to stop.`);

stopOnSignals(async () => {
  console.log('Stopping, saving data …');
  await stack.stop();
}, 'Failed to stop the stack');
