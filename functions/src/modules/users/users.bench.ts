import type { AddressInfo } from 'node:net';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { BenchRow, BenchSection } from '../../../../scripts/bench-types.js';
import { percentile, startBenchFirestore } from '../../../../scripts/bench-helpers.js';
import { createApp } from '../../app.js';
import { createModules } from '../../modules.js';
import { TEST_CONFIG } from '../../testing/config.js';

/**
 * `npm run bench password-reset`: the answer time of GET /user/password/reset for an existing and an
 * unknown address (issue 12: it used to tell them apart, ≈ 33 ms against 22 ms). The real app and its
 * Firestore work on our Firestore emulator; Auth is a stub whose lookup of an existing account is the
 * slower one (as with Firebase Auth: found → user record, reset code, profile read), so any lookup
 * before the answer would show up as a difference. The queue only records the task.
 */
const PAIRS = 40;
const WARMUP = 6;
const KNOWN_LOOKUP_MS = 12;
const UNKNOWN_LOOKUP_MS = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ms = (v: number) => `${v.toFixed(1)} ms`;

export default async function bench(): Promise<BenchSection> {
  const env = await startBenchFirestore();
  let lookups = 0;
  const auth = {
    app: {},
    async getUserByEmail(mail: string) {
      lookups++;
      if (mail.startsWith('known')) {
        await sleep(KNOWN_LOOKUP_MS);
        return { uid: `uid-${mail}` };
      }
      await sleep(UNKNOWN_LOOKUP_MS);
      throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
    },
  } as unknown as Auth;
  const container = createModules({
    db: env.db as unknown as Firestore,
    auth,
    config: TEST_CONFIG,
    taskQueue: { enqueue: async () => undefined },
    verifier: { verifyIdToken: async () => Promise.reject(new Error('unused')) },
  });
  const server = createApp(container).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let seq = 0;
  /** One request with a fresh address (the throttle allows one per address and minute). */
  async function timed(kind: 'known' | 'unknown'): Promise<number> {
    const url = `${base}/api/user/password/reset?mail=${kind}-${++seq}@firma.de`;
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    const took = performance.now() - start;
    if (res.status !== 200) throw new Error(`password reset answered ${res.status}`);
    return took;
  }
  const known: number[] = [];
  const unknown: number[] = [];
  const diffs: number[] = [];
  try {
    for (let i = 0; i < WARMUP; i++) await timed(i % 2 ? 'known' : 'unknown');
    lookups = 0;
    for (let i = 0; i < PAIRS; i++) {
      // Alternate which one goes first, so warm caches favour neither.
      const [a, b] = i % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const);
      const first = await timed(a);
      const second = await timed(b);
      const k = a === 'known' ? first : second;
      const u = a === 'known' ? second : first;
      known.push(k);
      unknown.push(u);
      diffs.push(k - u);
    }
  } finally {
    server.close();
    await env.close();
  }
  const sort = (v: number[]) => [...v].sort((x, y) => x - y);
  const [ks, us, ds] = [sort(known), sort(unknown), sort(diffs)];
  const rows: BenchRow[] = [
    {
      measure: `GET /user/password/reset, existing address: median / p95 (${PAIRS} pairs)`,
      result: `${ms(percentile(ks, 0.5))} / ${ms(percentile(ks, 0.95))}`,
    },
    {
      measure: `GET /user/password/reset, unknown address: median / p95 (${PAIRS} pairs)`,
      result: `${ms(percentile(us, 0.5))} / ${ms(percentile(us, 0.95))}`,
    },
    {
      measure: 'Median of the paired differences (existing − unknown)',
      result: ms(percentile(ds, 0.5)),
    },
    {
      measure: 'Account lookups before the answers',
      result: String(lookups),
      target: '0',
      ok: lookups === 0,
    },
  ];
  return {
    title: 'Password-reset requests (no account enumeration by timing)',
    rows,
    notes: [
      'The real app over HTTP (Express, throttle + task in one Firestore transaction) on our Firestore emulator in the same process; a fresh address per request, so every request records a task.',
      `Auth stub: looking up an existing account takes ${KNOWN_LOOKUP_MS} ms, an unknown one ${UNKNOWN_LOOKUP_MS} ms; the answer never waits for it (the sendPasswordReset task does the lookup), so both answers do the same work.`,
      'Before (issue 12, through the emulator stack, 19 pairs): existing ≈ 33 ms, unknown ≈ 22 ms median.',
    ],
  };
}
