import { parseArgs } from 'node:util';

export interface EmulatorArgs {
  port: number;
  host: string;
  dataDir?: string;
}

/** `--port N [--host H] [--data DIR]`, shared by both emulators' CLIs; bad input exits with code 2. */
export function parseEmulatorArgs(defaultPort: number, argv = process.argv.slice(2)): EmulatorArgs {
  let values: { port?: string; host?: string; data?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: String(defaultPort) },
        host: { type: 'string', default: '127.0.0.1' },
        data: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: --port N [--host H] [--data DIR]`);
    process.exit(2);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be an integer 0-65535, got ${values.port}`);
    process.exit(2);
  }
  return { port, host: values.host ?? '127.0.0.1', dataDir: values.data };
}
