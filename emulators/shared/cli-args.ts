import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

export type EmulatorName = 'firestore' | 'storage' | 'tasks';

/** What a project's firebase.json (`--config`) tells an emulator: its host and port, and the paths it names. */
interface ProjectConfig {
  /** firebase.json's `emulators.<name>` host and port */
  host?: string;
  port?: number;
  /** firestore: `firestore.indexes` (the default database's), resolved against firebase.json's folder */
  indexes?: string;
  /** tasks: the Functions emulator of `emulators.functions`, as a URL */
  functionsUrl?: string;
}

export interface EmulatorArgs {
  port: number;
  host: string;
  dataDir?: string;
  project: ProjectConfig;
  /** the emulator's own options (see `extra`), as given */
  extra: Record<string, string | boolean | undefined>;
}

const COMMON_USAGE = '--port N [--host H] [--data DIR] [--config firebase.json]';

function fail(message: string, usage: string): never {
  console.error(`${message}\nUsage: ${COMMON_USAGE} ${usage}`.trimEnd());
  process.exit(2);
}

/** Reads what `name` needs from a firebase.json; a missing or invalid file ends the process (code 2). */
function readProjectConfig(file: string, name: EmulatorName): ProjectConfig {
  let json: any;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`--config ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
  const dir = path.dirname(path.resolve(file));
  const own = json?.emulators?.[name] ?? {};
  const config: ProjectConfig = {
    host: typeof own.host === 'string' ? own.host : undefined,
    port: Number.isInteger(own.port) ? own.port : undefined,
  };
  if (name === 'firestore') {
    // `firestore` is one object, or a list with one entry per database
    const entries = Array.isArray(json?.firestore) ? json.firestore : [json?.firestore ?? {}];
    const main = entries.find((e: any) => !e?.database || e.database === '(default)') ?? entries[0];
    if (typeof main?.indexes === 'string') config.indexes = path.resolve(dir, main.indexes);
  }
  const functions = json?.emulators?.functions;
  if (name === 'tasks' && Number.isInteger(functions?.port))
    config.functionsUrl = `http://${functions.host ?? '127.0.0.1'}:${functions.port}`;
  return config;
}

/**
 * `--port N [--host H] [--data DIR] [--config firebase.json]` plus an emulator's own options (`extra`), shared by
 * the three emulators' CLIs. Flags win over firebase.json's `emulators.<name>` entry, which wins over the defaults
 * (host 127.0.0.1, `defaultPort`); bad input exits with code 2.
 */
export function parseEmulatorArgs(
  name: EmulatorName,
  defaultPort: number,
  extra: Record<string, { type: 'string' | 'boolean' }> = {},
  usage = '',
  argv = process.argv.slice(2),
): EmulatorArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        config: { type: 'string' },
        ...extra,
      },
    }));
  } catch (error) {
    fail((error as Error).message, usage);
  }
  const project = typeof values.config === 'string' ? readProjectConfig(values.config, name) : {};
  const portText = typeof values.port === 'string' ? values.port : String(project.port ?? defaultPort);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) fail(`--port must be an integer 0-65535, got ${portText}`, usage);
  const host = typeof values.host === 'string' ? values.host : (project.host ?? '127.0.0.1');
  const dataDir = typeof values.data === 'string' ? values.data : undefined;
  const own = Object.fromEntries(Object.keys(extra).map((k) => [k, values[k]]));
  return { port, host, dataDir, project, extra: own };
}
