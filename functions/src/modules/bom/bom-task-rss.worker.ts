// The mapping process alone (bom.bench.ts): one background BOM task run to its end in this process, through the
// same runner and kind the task function runs, against the bench stack's emulators (env from the parent). Prints
// {ms, peakRssMb, baselineMb, deliveries} as the last line: peak RSS (VmHWM) of this process, the baseline after the
// modules are built. `node --import tsx functions/src/modules/bom/bom-task-rss.worker.ts <taskId>`.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { defaultBucketName } from '../../config.js';
import { createModules } from '../../modules.js';

const taskId = process.argv[2];
if (!taskId) throw new Error('usage: bom-task-rss.worker.ts <taskId>');
const app =
  getApps()[0] ??
  initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-schrankwerk', storageBucket: defaultBucketName() });
// no queue: every delivery happens here, one after the other (a hand-on is the next loop round)
const { platform } = createModules({
  db: getFirestore(app),
  auth: getAuth(app),
  bucket: () => getStorage(app).bucket(),
  taskQueue: { enqueue: async () => undefined },
});
const baselineMb = process.memoryUsage().rss / 2 ** 20;
const t0 = performance.now();
let deliveries = 0;
for (;;) {
  const outcome = await platform.tasks.deliver(taskId, { id: `rss-${deliveries}`, lastAttempt: false });
  deliveries++;
  if (outcome !== 'handedOn') {
    if (outcome !== 'done') throw new Error(`task ${taskId}: ${outcome}`);
    break;
  }
}
const ms = performance.now() - t0;
process.stdout.write(
  `${JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024, baselineMb, deliveries })}\n`,
);
process.exit(0);
