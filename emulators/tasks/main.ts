// CLI: node --import tsx emulators/tasks/main.ts --port 9499 [--functions http://127.0.0.1:5001] [--data DIR] [--host H]
import { parseArgs } from 'node:util';
import { parseEmulatorArgs } from '../shared/cli-args.js';
import { stopOnSignals } from '../shared/stop-on-signals.js';
import { startTasksEmulator } from './server.js';

const { values } = parseArgs({ options: { functions: { type: 'string' } }, strict: false });
const functionsUrl = typeof values.functions === 'string' ? values.functions : undefined;
const args = parseEmulatorArgs(
  9499,
  process.argv.slice(2).filter((a, i, all) => a !== '--functions' && all[i - 1] !== '--functions'),
);
const emu = await startTasksEmulator({ ...args, functionsUrl });
console.log(
  `Cloud Tasks emulator ready on ${emu.host}:${emu.port} (functions: ${functionsUrl ?? 'none'}, data: ${args.dataDir ?? 'temporary'})`,
);

stopOnSignals(() => emu.stop(), 'Failed to stop the Cloud Tasks emulator');
