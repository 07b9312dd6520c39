import { parseEmulatorArgs } from '../shared/cli-args.js';
import { stopOnSignals } from '../shared/stop-on-signals.js';
import { startIdleCompaction } from './memory.js';
import { startFirestoreEmulator } from './server.js';

// CLI: node --import tsx emulators/firestore/main.ts --port 8080 [--data DIR] [--host H]
const values = parseEmulatorArgs(8080);

const emu = await startFirestoreEmulator(values).catch((e: Error) => {
  console.error(`Firestore emulator failed to start: ${e.message}`);
  process.exit(1);
});
// only the standalone process compacts: in-process users (tests) own their heap
startIdleCompaction(() => emu.engine.store.generation);
console.log(`Firestore emulator ready on ${emu.host}:${emu.port} (data: ${values.dataDir ?? 'in-memory'})`);

stopOnSignals(() => emu.stop(), 'Failed to flush Firestore emulator data');
