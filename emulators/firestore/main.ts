import { parseArgs } from 'node:util';
import { parseEmulatorArgs } from '../shared/cli-args.js';
import { stopOnSignals } from '../shared/stop-on-signals.js';
import { INDEX_MODES, type IndexMode } from './indexes.js';
import { startIdleCompaction } from './memory.js';
import { startFirestoreEmulator } from './server.js';

// CLI: node --import tsx emulators/firestore/main.ts --port 8080 [--data DIR] [--host H]
//        [--indexes firestore.indexes.json] [--index-mode enforce|warn|off]
// (or FIRESTORE_INDEXES / FIRESTORE_INDEX_MODE in the environment; flags win)
const { values: indexArgs, tokens } = parseArgs({
  args: process.argv.slice(2),
  options: { indexes: { type: 'string' }, 'index-mode': { type: 'string' } },
  strict: false,
  tokens: true,
});
const indexTokens = new Set(
  tokens
    .filter((t) => t.kind === 'option' && (t.name === 'indexes' || t.name === 'index-mode'))
    .flatMap((t) => (t.kind === 'option' ? [t.index, t.inlineValue ? -1 : t.index + 1] : [])),
);
const values = parseEmulatorArgs(
  8080,
  process.argv.slice(2).filter((_, i) => !indexTokens.has(i)),
);
const indexFile = (indexArgs.indexes as string | undefined) ?? process.env.FIRESTORE_INDEXES;
const indexMode = ((indexArgs['index-mode'] as string | undefined) ??
  process.env.FIRESTORE_INDEX_MODE ??
  (indexFile ? 'enforce' : 'off')) as IndexMode;
if (!INDEX_MODES.includes(indexMode)) {
  console.error(`--index-mode must be one of ${INDEX_MODES.join(', ')}, got ${indexMode}`);
  process.exit(2);
}

const emu = await startFirestoreEmulator({ ...values, indexFile, indexMode }).catch((e: Error) => {
  console.error(`Firestore emulator failed to start: ${e.message}`);
  process.exit(1);
});
// only the standalone process compacts: in-process users (tests) own their heap
startIdleCompaction(() => emu.engine.store.generation);
console.log(`Firestore emulator ready on ${emu.host}:${emu.port} (data: ${values.dataDir ?? 'in-memory'})`);
if (indexMode !== 'off')
  console.log(`Firestore emulator indexes: ${indexMode} ${indexFile ?? '(automatic single-field indexes only)'}`);

stopOnSignals(() => emu.stop(), 'Failed to flush Firestore emulator data');
