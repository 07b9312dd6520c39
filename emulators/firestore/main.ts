import { parseEmulatorArgs } from '../shared/cli-args.js';
import { stopOnSignals } from '../shared/stop-on-signals.js';
import { INDEX_MODES, type IndexMode } from './indexes.js';
import { startIdleCompaction } from './memory.js';
import { startFirestoreEmulator } from './server.js';

// CLI: node --import tsx emulators/firestore/main.ts --port 8080 [--data DIR] [--host H] [--config firebase.json]
//        [--indexes firestore.indexes.json] [--index-mode enforce|warn|off] [--allow-client-access]
// (or FIRESTORE_INDEXES / FIRESTORE_INDEX_MODE in the environment; flags win, then the environment, then
// firebase.json's `firestore.indexes`)
const USAGE = '[--indexes FILE] [--index-mode enforce|warn|off] [--allow-client-access]';
const args = parseEmulatorArgs(
  'firestore',
  8080,
  { indexes: { type: 'string' }, 'index-mode': { type: 'string' }, 'allow-client-access': { type: 'boolean' } },
  USAGE,
);
const indexFile = (args.extra.indexes as string | undefined) ?? process.env.FIRESTORE_INDEXES ?? args.project.indexes;
const indexMode = ((args.extra['index-mode'] as string | undefined) ??
  process.env.FIRESTORE_INDEX_MODE ??
  (indexFile ? 'enforce' : 'off')) as IndexMode;
if (!INDEX_MODES.includes(indexMode)) {
  console.error(`--index-mode must be one of ${INDEX_MODES.join(', ')}, got ${indexMode}`);
  process.exit(2);
}
const allowClientAccess = args.extra['allow-client-access'] === true;

const emu = await startFirestoreEmulator({ ...args, indexFile, indexMode, allowClientAccess }).catch((e: Error) => {
  console.error(`Firestore emulator failed to start: ${e.message}`);
  process.exit(1);
});
// only the standalone process compacts: in-process users (tests) own their heap
startIdleCompaction(() => emu.engine.store.generation);
console.log(`Firestore emulator ready on ${emu.host}:${emu.port} (data: ${args.dataDir ?? 'in-memory'})`);
if (indexMode !== 'off')
  console.log(`Firestore emulator indexes: ${indexMode} ${indexFile ?? '(automatic single-field indexes only)'}`);
if (allowClientAccess)
  console.log(
    'Firestore emulator: client (non-admin) requests allowed, without security rules (--allow-client-access)',
  );

stopOnSignals(() => emu.stop(), 'Failed to flush Firestore emulator data');
