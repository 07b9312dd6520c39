import fs from 'node:fs';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import type { Firestore } from 'firebase-admin/firestore';
import { defaultBucketName } from '../config.js';
import { PRINCIPALS_PORT } from '../http/authenticate.js';
import { AREAS, createModules } from '../modules.js';
import { FIELD_VALUE_KINDS } from '../model/catalogue.js';
import type { Principal } from '../model/user.js';
import { ArticlesRepository, FieldValuesRepository } from '../modules/catalogue/catalogue.repository.js';
import { CompaniesRepository } from '../modules/companies/companies.repository.js';
import { EnquiriesRepository } from '../modules/enquiries/enquiries.repository.js';
import { OffersRepository } from '../modules/offers/offers.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import type { AreaSeed, DemoLogin } from '../testing/area-seed.js';

export { DEMO_PASSWORD, type DemoLogin } from '../testing/area-seed.js';

/** The areas' seeds (`functions/src/modules/<area>/<area>.seed.ts`), in the order of the area list. */
async function areaSeeds(): Promise<AreaSeed[]> {
  const seeds: AreaSeed[] = [];
  for (const { name } of AREAS) {
    const file = new URL(`../modules/${name}/${name}.seed.ts`, import.meta.url);
    if (fs.existsSync(file)) seeds.push(((await import(file.href)) as { default: AreaSeed }).default);
  }
  return seeds;
}

/** The demo accounts (README, tests), as the areas' seeds declare them. All share DEMO_PASSWORD. */
export async function demoLogins(): Promise<DemoLogin[]> {
  return (await areaSeeds()).flatMap((s) => s.logins ?? []);
}

function seedApp() {
  const existing = getApps().find((a) => a.name === 'schrankwerk-seed');
  if (existing) return existing;
  return initializeApp(
    { projectId: process.env.GCLOUD_PROJECT ?? 'demo-schrankwerk', storageBucket: defaultBucketName() },
    'schrankwerk-seed',
  );
}

/**
 * Loads the demo data on an empty `companies` collection: each area's seed in turn, through the same services
 * the API uses. Needs FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST in process.env (set by the launcher).
 * Returns whether anything was written.
 */
export async function seedIfEmpty(): Promise<boolean> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('seedIfEmpty: refusing to run without FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST');
  }
  const app = seedApp();
  const db = getFirestore(app);
  const auth = getAuth(app);
  // the services' clock: the real time, unless a seed backdates a step (ctx.backdated)
  let pastMs = 0;
  const now = () => new Date(Date.now() - pastMs);
  const { ports } = createModules({ db, auth, bucket: () => getStorage(app).bucket(), now });
  const companies = new CompaniesRepository(db);
  if (!(await companies.isEmpty())) {
    await refreshDerivedFields(db);
    return false;
  }
  const seeds = await areaSeeds();

  // Auth may be persisted separately from Firestore: accounts without their data are stale, drop them first.
  for (let page = await auth.listUsers(1000); page.users.length; page = await auth.listUsers(1000)) {
    await auth.deleteUsers(page.users.map((u) => u.uid));
  }

  const load = ports.get(PRINCIPALS_PORT);
  const principals = new Map<string, Principal>();
  const remembered = new Map<string, string>();
  const ctx = {
    db,
    auth,
    ports,
    principal(key: string) {
      const p = principals.get(key);
      if (!p) throw new Error(`seed: no demo caller '${key}' (seeded by an earlier area?)`);
      return p;
    },
    async addPrincipal(key: string, userId: string) {
      const p = await load(userId);
      if (!p) throw new Error(`seed: user ${userId} not found`);
      principals.set(key, p);
      return p;
    },
    remember(key: string, id: string) {
      remembered.set(key, id);
    },
    recall(key: string) {
      const id = remembered.get(key);
      if (!id) throw new Error(`seed: nothing remembered as '${key}' (seeded by an earlier area?)`);
      return id;
    },
    async backdated<T>(ms: number, run: () => Promise<T>): Promise<T> {
      pastMs = ms;
      try {
        return await run();
      } finally {
        pastMs = 0;
      }
    },
  };
  for (const seed of seeds) await seed.run(ctx);
  await derivedFieldsMarker(db).set({ version: DERIVED_FIELDS_VERSION });
  return true;
}

/**
 * Data written before the list pages existed lacks the query-only fields (searchTokens, a user's
 * companyName/companyType, null for absent sort fields): rewrite every company and user through the
 * repositories' converters. Idempotent, so it runs on every start against existing data. The larger collections
 * are rewritten only when their rule version changed.
 */
export async function refreshDerivedFields(db: Firestore): Promise<void> {
  const companies = await new CompaniesRepository(db).rewriteAll();
  await new UsersRepository(db).rewriteAll(new Map(companies.map((c) => [c.id, c])));
  const marker = derivedFieldsMarker(db);
  if ((await marker.get()).data()?.version === DERIVED_FIELDS_VERSION) return;
  const collections = [
    new EnquiriesRepository(db),
    new OffersRepository(db),
    new ArticlesRepository(db),
    ...FIELD_VALUE_KINDS.map((kind) => new FieldValuesRepository(db, kind)),
  ];
  for (const records of collections) await records.rederive();
  await marker.set({ version: DERIVED_FIELDS_VERSION });
}

/**
 * The rule version of the derived fields of the larger collections (enquiries, offers, articles, field values),
 * rewritten once when it changes rather than on every start: 2 = contains tokens and field-value name variants
 * (issue 32 points 6 and 7).
 */
const DERIVED_FIELDS_VERSION = 2;
const derivedFieldsMarker = (db: Firestore) => db.collection('system').doc('derivedFields');
