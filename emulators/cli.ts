#!/usr/bin/env node
// The package's one command: `schrankwerk-emulators firestore|storage|tasks [options]` runs that emulator's CLI
// (firestore/main.ts, storage/main.ts, tasks/main.ts) with the remaining arguments.
const HELP = `Usage: schrankwerk-emulators <firestore|storage|tasks> [options]

Common options: --port N  --host H (127.0.0.1)  --data DIR  --config firebase.json (its emulators.<name> host/port)
firestore: --indexes firestore.indexes.json  --index-mode enforce|warn|off  --allow-client-access
tasks:     --functions http://127.0.0.1:5001 (the Functions emulator that runs the task queue functions)

Each prints "... ready on HOST:PORT" when it listens and flushes its --data on Ctrl-C / SIGTERM.`;

const EMULATORS = ['firestore', 'storage', 'tasks'] as const;
const [command, ...rest] = process.argv.slice(2);
if (!command || command === '--help' || command === '-h' || command === 'help') {
  console.log(HELP);
  process.exit(command ? 0 : 2);
}
if (!(EMULATORS as readonly string[]).includes(command)) {
  console.error(`Unknown emulator "${command}".\n\n${HELP}`);
  process.exit(2);
}
// the emulator's CLI reads process.argv like when started on its own
process.argv = [process.argv[0]!, process.argv[1]!, ...rest];
await import(`./${command}/main.js`);
