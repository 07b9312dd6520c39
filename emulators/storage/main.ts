// CLI: node --import tsx emulators/storage/main.ts --port 9199 [--data DIR] [--host H]
import { startStorageEmulator } from './server.js';

function parseArgs(argv: string[]): { port: number; host?: string; dataDir?: string } {
  const out: { port: number; host?: string; dataDir?: string } = { port: 9199 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--port') out.port = Number(value());
    else if (flag === '--host') out.host = value();
    else if (flag === '--data') out.dataDir = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: main.ts [--port N] [--host H] [--data DIR]');
      process.exit(0);
    } else {
      console.error(`Unknown argument: ${argv[i]}`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(out.port) || out.port < 0 || out.port > 65535) {
    console.error('--port must be an integer 0-65535');
    process.exit(2);
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const emu = await startStorageEmulator(args);
console.log(`Storage emulator ready on ${emu.host}:${emu.port} (data: ${args.dataDir ? emu.dataDir : 'temporary'})`);

let exiting = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (exiting) return;
    exiting = true;
    emu.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
