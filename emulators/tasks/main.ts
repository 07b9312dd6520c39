// CLI: node --import tsx emulators/tasks/main.ts --port 9499 [--functions http://127.0.0.1:5001] [--data DIR] [--host H]
//        [--config firebase.json] (firebase.json's `emulators.functions` gives the default for --functions)
import { parseEmulatorArgs } from '../shared/cli-args.js';
import { stopOnSignals } from '../shared/stop-on-signals.js';
import { startTasksEmulator } from './server.js';

const args = parseEmulatorArgs('tasks', 9499, { functions: { type: 'string' } }, '[--functions URL]');
const functionsUrl = (args.extra.functions as string | undefined) ?? args.project.functionsUrl;
const emu = await startTasksEmulator({ ...args, functionsUrl });
console.log(
  `Cloud Tasks emulator ready on ${emu.host}:${emu.port} (functions: ${functionsUrl ?? 'none'}, data: ${args.dataDir ?? 'temporary'})`,
);

stopOnSignals(() => emu.stop(), 'Failed to stop the Cloud Tasks emulator');
