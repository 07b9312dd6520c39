import net from 'node:net';

/** The fixed local ports of the stack (firebase.json holds the same numbers for firebase-tools). */
export const PORTS = {
  /** the portal as browsers reach it: the CDN stand-in (hosting-front.ts) in front of the Hosting emulator */
  hosting: 5000,
  /** the Hosting emulator itself (firebase-tools), reached only through the front */
  hostingEmulator: 5005,
  functions: 5001,
  firestore: 8080,
  auth: 9099,
  storage: 9199,
  /** our Cloud Tasks emulator (emulators/tasks): where firebase-admin enqueues, in the functions too */
  tasks: 9499,
  /**
   * firebase-tools' own Tasks emulator, which it always starts beside the Functions emulator (and without which
   * it ignores task queue functions); nothing enqueues there (emulators/tasks/runtime-env.cjs)
   */
  tasksEmulator: 9498,
  hub: 4400,
  logging: 4500,
} as const;

export type Ports = { [K in keyof typeof PORTS]: number };

/** The same port set shifted by `offset`; the launcher's own restart test runs a second stack this way. */
export function portsFor(offset = 0): Ports {
  return Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, v + offset])) as Ports;
}

export const HOST = '127.0.0.1';
export const PROJECT_ID = 'demo-schrankwerk';

export function isPortFree(port: number, host = HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Fails early with one clear line instead of a half-started stack. */
export async function assertPortsFree(ports: Ports = PORTS): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await isPortFree(port))) busy.push(`${name} ${port}`);
  }
  if (busy.length) {
    throw new Error(
      `Ports in use (${busy.join(', ')}). Is another Schrankwerk stack running (npm start)? Stop it first.`,
    );
  }
}
