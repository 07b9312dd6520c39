import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.js';
import { ensureChromium } from './chromium.js';
import { HOST, portsFor } from './ports.js';
import { startStack, type Stack } from './stack.js';
import { fetchIndexReport, printIndexReport } from '@schrankwerk/emulators/firestore/index-report';
import { timed } from '../stage-times.js';

// vitest globalSetup of the `stack` project: build once, start the whole emulator stack once per
// test run on a throw-away data folder, stop it afterwards. Logs go to .tmp/<group>.log.
// `npm test` runs the stack's files as two groups on two stacks (scripts/test.ts): TEST_GROUP names this one,
// the runner has built and found Chromium before (SKIP_BUILD=1, CHROMIUM_PATH or CHROMIUM_MISSING set).
const GROUP = process.env.TEST_GROUP ?? 'stack';
let stack: Stack | undefined;
/** Long enough for a test's three registrations to fall into one interval on a busy machine. */
const TEST_DIGEST_INTERVAL_SECONDS = 10;
let dataDir: string | undefined;

export async function setup(): Promise<void> {
  // The end-to-end tests' browser, found or installed once; without one they fail with this one line,
  // the API tests still run.
  if (!process.env.CHROMIUM_MISSING) {
    try {
      process.env.CHROMIUM_PATH = await timed(`${GROUP}: find or install Chromium`, ensureChromium);
    } catch (error) {
      process.env.CHROMIUM_MISSING = (error as Error).message;
      console.error(process.env.CHROMIUM_MISSING);
    }
  }
  const portOffset = Number(process.env.STACK_PORT_OFFSET ?? 0);
  // the SPA finds the Auth emulator on its default port by itself; a shifted stack tells the build where it is
  if (portOffset) process.env.VITE_AUTH_EMULATOR_HOST = `${HOST}:${portsFor(portOffset).auth}`;
  if (process.env.SKIP_BUILD !== '1') await timed(`${GROUP}: build functions and web`, buildAll);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'schrankwerk-test-'));
  dataDir = data;
  const logDir = path.resolve('.tmp');
  fs.mkdirSync(logDir, { recursive: true });
  // the tests find their stack's log by this (deploy-readiness.api.test.ts reads what firebase-tools said)
  process.env.STACK_LOG_FILE = path.join(logDir, `${GROUP.replace(/\W+/g, '-')}.log`);
  const log = fs.createWriteStream(process.env.STACK_LOG_FILE, { flags: 'w' });
  const started = await timed(`${GROUP}: start the emulators`, () =>
    startStack({
      dataDir: data,
      persistAuth: false,
      // a second checkout's suite can run beside this one (STACK_PORT_OFFSET=700: portal 5700, Firestore 8780;
      // 100 would put Auth on Storage's port, 1000 the portal on 6000, which fetch refuses)
      portOffset,
      // a query without its index in firestore.indexes.json fails the test; FIRESTORE_INDEX_MODE=off|warn relaxes it
      indexMode:
        process.env.FIRESTORE_INDEX_MODE === 'off' || process.env.FIRESTORE_INDEX_MODE === 'warn'
          ? process.env.FIRESTORE_INDEX_MODE
          : 'enforce',
      log: (name, line) => log.write(`[${name}] ${line}\n`),
      // the admins' registration digest within a test (registration-digest.api.test.ts), through the real queue
      functionParams: { REGISTRATION_DIGEST_INTERVAL_SECONDS: String(TEST_DIGEST_INTERVAL_SECONDS) },
    }),
  );
  stack = started;
  Object.assign(process.env, started.env);
}

export async function teardown(): Promise<void> {
  // unused indexes in firestore.indexes.json: a group of a split run hands its report to the runner, which
  // merges the groups' (an index is unused only if no group used it)
  const reportFile = process.env.INDEX_REPORT_FILE;
  if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(await fetchIndexReport(stack?.urls.firestore)));
  else await printIndexReport(await fetchIndexReport(stack?.urls.firestore));
  await timed(`${GROUP}: stop`, async () => stack?.stop());
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
