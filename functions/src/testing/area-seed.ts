import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Principal } from '../model/user.js';
import type { Ports } from '../platform/ports.js';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Demo1234!';

/** A demo account as the README's table lists it. */
export interface DemoLogin {
  mail: string;
  password: string;
  company: string;
  role: string;
}

/** What an area's seed works with: the built areas (through their ports) and the demo callers seeded so far. */
export interface SeedContext {
  db: Firestore;
  auth: Auth;
  ports: Ports;
  /** a demo caller an earlier seed registered (e.g. 'customer', 'weber', 'nord') */
  principal(key: string): Principal;
  /** registers a demo caller for the seeds after this one */
  addPrincipal(key: string, userId: string): Promise<Principal>;
  /**
   * names a record this seed created for the seeds after it (`enquiry:<title>`, `offer:<offer number>`): a seed
   * finds another area's demo records here, never by querying that area's collection
   */
  remember(key: string, id: string): void;
  /** the id an earlier seed remembered under this key */
  recall(key: string): string;
  /**
   * runs `run` with the services' clock `ms` in the past: a demo record that is days old (an order accepted 13 days
   * ago, close to its lapse; the tasks it schedules keep their schedule times relative to it)
   */
  backdated<T>(ms: number, run: () => Promise<T>): Promise<T>;
}

/**
 * An area's demo data (`modules/<area>/<area>.seed.ts`, default export), loaded on an empty database by
 * `seed/seed.ts` in the order of the area list, through the services the API uses.
 */
export interface AreaSeed {
  /** the demo accounts it creates (README, seed test) */
  logins?: DemoLogin[];
  run(ctx: SeedContext): Promise<void>;
}
