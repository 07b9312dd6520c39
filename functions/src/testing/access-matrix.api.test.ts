import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../model/company.js';
import { accessRows } from './access-matrix.js';
import { ACCESS_ROWS } from './access-rows.js';
import { call } from './api-client.js';
import { resetAll } from './emulator-reset.js';
import { createCompany, createWorld, disposeClients, type World } from './fixtures.js';

/**
 * The access matrix of docs/api.md as ONE table: every endpoint × every kind of caller (rows from each
 * area, see access-matrix.ts). Completeness against the registered routes: access-matrix.test.ts.
 */
let w: World;
let target: Company;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  target = await createCompany('SUPPLIER');
});
afterAll(disposeClients);

// One row at a time (rows marked `last` at the end), its caller kinds at once (vitest `maxConcurrency`) unless the
// row is `serial`: each kind calls as its own user, and a row's request builds the records it needs.
describe.each(accessRows(ACCESS_ROWS))('access matrix: $call', ({ serial, cases }) => {
  (serial ? it.each(cases) : it.concurrent.each(cases))(
    'as $kind → allowed: $allowed',
    async ({ row, kind, allowed, refusal }) => {
      const [method, path] = row.call.split(' ') as [string, string];
      const self = kind === 'anonymous' ? undefined : w.users[kind].user.id;
      const ownCompany = kind === 'anonymous' ? undefined : w.users[kind].company.id;
      const ctx = { w, kind, self, ownCompany, target };
      const res = row.send
        ? await row.send(ctx, w.token(kind))
        : await call(method, path, { token: w.token(kind), ...(await row.request(ctx)) });
      if (allowed) {
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeGreaterThanOrEqual(200);
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(300);
      } else {
        expect(res.status).toBe(refusal);
      }
    },
  );
});
