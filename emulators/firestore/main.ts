import { parseArgs } from 'node:util';
import { startIdleCompaction } from './memory.js';
import { startFirestoreEmulator } from './server.js';

// CLI: node --import tsx emulators/firestore/main.ts --port 8080 [--data DIR] [--host H]
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port ${values.port}`);
  process.exit(2);
}

const emu = await startFirestoreEmulator({ port, host: values.host, dataDir: values.data }).catch((e: Error) => {
  console.error(`Firestore emulator failed to start: ${e.message}`);
  process.exit(1);
});
// only the standalone process compacts: in-process users (tests) own their heap
startIdleCompaction(() => emu.engine.store.generation);
console.log(`Firestore emulator ready on ${emu.host}:${emu.port} (data: ${values.data ?? 'in-memory'})`);

let exiting = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (exiting) return;
    exiting = true;
    emu.stop().then(
      () => process.exit(0),
      (e) => {
        console.error('Failed to flush Firestore emulator data:', e);
        process.exit(1);
      },
    );
  });
}
