import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldValue } from '../../model/catalogue.js';
import { call } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { createArticle, createManufacturer } from '../catalogue/catalogue-fixtures.js';

/**
 * The article export's "type" filter (spec 02 §2; docs/decisions-imports.md "The export's type filter") over HTTP:
 * a type is an ECLASS class at any level, an article matches when its eclass9_1Id lies in one of them.
 */
let w: World;
let m: FieldValue;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  const t = w.users.platformAdmin.token;
  m = await createManufacturer(t);
  await createArticle(t, { manufacturerId: m.id, orderNumber: 'TYP-KLEMME', eclass9_1Id: '27141120' });
  await createArticle(t, { manufacturerId: m.id, orderNumber: 'TYP-LS', eclass9_1Id: '27-14-19-01' });
  await createArticle(t, { manufacturerId: m.id, orderNumber: 'TYP-SCHUETZ', eclass9_1Id: '27371001' });
  await createArticle(t, { manufacturerId: m.id, orderNumber: 'TYP-OHNE' });
});
afterAll(disposeClients);

const locale = JSON.parse(
  readFileSync(new URL('../../../../web/public/locales/de/article-transfer.json', import.meta.url), 'utf8'),
) as { export: Record<string, string> };

/** The order numbers of a direct export (204: none). */
async function exported(types: unknown, token = w.users.adminUser.token): Promise<string[]> {
  const res = await fetch(new URL('/api/article/export', HOSTS.portal), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ manufacturers: [m.id], importSources: [], priceRange: {}, types }),
  });
  if (res.status === 204) return [];
  expect(res.status).toBe(200);
  const [header, ...rows] = (await res.text()).trim().split('\r\n');
  const column = header!
    .replace(/^\uFEFF/, '')
    .split(';')
    .indexOf('"eclass9_1Id"');
  expect(column).toBeGreaterThan(0);
  return rows.map((r) => r.split(';')[0]!.replace(/"/g, '')).sort();
}

describe('the article export type filter', () => {
  it('keeps the articles of the ECLASS classes given, at any level and with or without separators', async () => {
    expect(await exported([])).toEqual(['TYP-KLEMME', 'TYP-LS', 'TYP-OHNE', 'TYP-SCHUETZ']);
    expect(await exported(['27141120'])).toEqual(['TYP-KLEMME']);
    expect(await exported(['27-14'])).toEqual(['TYP-KLEMME', 'TYP-LS']);
    expect(await exported(['2714 19', '2737'])).toEqual(['TYP-LS', 'TYP-SCHUETZ']);
    expect(await exported(['27'])).toEqual(['TYP-KLEMME', 'TYP-LS', 'TYP-SCHUETZ']);
    expect(await exported(['2715'])).toEqual([]);
  });

  it('refuses what is no ECLASS class with 400 at the entry (German text in the panel)', async () => {
    for (const [types, path] of [
      [['271'], 'types[0]'],
      [['2714', '27-14-11-20-1'], 'types[1]'],
      [['Klemme'], 'types[0]'],
      [Array.from({ length: 21 }, () => '27'), 'types'],
    ] as const) {
      const res = await call('POST', '/article/export', {
        token: w.users.adminUser.token,
        body: { manufacturers: [], importSources: [], priceRange: {}, types },
      });
      expect(res.status, JSON.stringify(types)).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
    const notAList = await call('POST', '/article/export', {
      token: w.users.adminUser.token,
      body: { manufacturers: [], importSources: [], priceRange: {}, types: '2714' },
    });
    expect(notAList.status).toBe(400);
    expect(locale.export.typeInvalid).toMatch(/ECLASS-Klassen mit 2, 4, 6 oder 8 Ziffern/);
  });

  it('is refused to callers outside the ADMIN company (403) and to anonymous callers (401)', async () => {
    const body = { manufacturers: [], importSources: [], priceRange: {}, types: ['2714'] };
    for (const kind of ['customerAdmin', 'supplierAdmin', 'externalUser'] as const) {
      const res = await call('POST', '/article/export', { token: w.users[kind].token, body });
      expect(res.status, kind).toBe(403);
    }
    expect((await call('POST', '/article/export', { body })).status).toBe(401);
  });
});
