// CLI: node --import tsx emulators/storage/main.ts --port 9199 [--data DIR] [--host H] [--config firebase.json]
import { parseEmulatorArgs } from '../shared/cli-args.js';
import { stopOnSignals } from '../shared/stop-on-signals.js';
import { startStorageEmulator } from './server.js';

const args = parseEmulatorArgs('storage', 9199);
const emu = await startStorageEmulator(args);
console.log(`Storage emulator ready on ${emu.host}:${emu.port} (data: ${args.dataDir ? emu.dataDir : 'temporary'})`);

stopOnSignals(() => emu.stop(), 'Failed to stop the Storage emulator');
