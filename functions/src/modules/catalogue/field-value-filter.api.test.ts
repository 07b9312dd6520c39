import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldValue } from '../../model/catalogue.js';
import type { Page } from '../../model/paging.js';
import { get } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import { createDiscountGroup, createManufacturer, createUnit, uniq } from './catalogue-fixtures.js';

/**
 * GET /<kind>/filter (issue 32, point 7): the one way to find a field value by its name, abbreviation or a name
 * variant — server-side on stored search tokens, paged — that the article form's selects and the /article
 * manufacturer filter use (docs/decisions-catalogue.md "Finding a field value by a variant").
 */
let w: World;
let t: string;
let phoenix: FieldValue;
let tag: string;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  t = w.users.platformAdmin.token;
  // a word no seed or other test uses, so the counts below are this test's own
  tag = uniq('Zq').replace(/[^A-Za-z0-9]/g, '');
  phoenix = await createManufacturer(t, {
    displayName: `Phoenix Contact ${tag}`,
    abbreviation: `PXC${tag}`,
    nameVariants: [`Phönix ${tag}`, `PhoenixContact${tag}`],
  });
});
afterAll(disposeClients);

const filter = (path: string, query: Record<string, string>, token = t) =>
  get(path + '/filter', { token, query: { paginationSize: '10', ...query } });
const names = (body: unknown) => (body as Page<FieldValue>).content.map((f) => f.displayName);

describe('GET /<kind>/filter: by name or variant', () => {
  it('"PXC…" (the abbreviation), "Phoenix", "phönix"/"phoenix…" (a variant) find "Phoenix Contact"', async () => {
    for (const search of [`PXC${tag}`, `pxc${tag.toLowerCase()}`, `Phoenix Contact ${tag}`, `${tag}`])
      expect(names((await filter('/manufacturer', { search })).body), search).toEqual([phoenix.displayName]);
    const phoenixes = await filter('/manufacturer', { search: 'Phoenix', paginationSize: '30' });
    expect(phoenixes.status).toBe(200);
    expect(names(phoenixes.body)).toContain(phoenix.displayName);
    expect(names((await filter('/manufacturer', { search: `phönix ${tag}` })).body)).toEqual([phoenix.displayName]);
    expect(names((await filter('/manufacturer', { search: `phoenixcontact${tag}` })).body)).toEqual([
      phoenix.displayName,
    ]);
    // a word's middle is no match
    expect(names((await filter('/manufacturer', { search: `ontact ${tag}` })).body)).toEqual([]);
  });

  it('a variant of another kind does not leak: a unit named like the manufacturer is found only under /unit', async () => {
    const unit = await createUnit(t, { displayName: uniq('Rolle'), nameVariants: [`PXCunit${tag}`] });
    expect(names((await filter('/unit', { search: `PXCunit${tag}` })).body)).toEqual([unit.displayName]);
    expect((await filter('/manufacturer', { search: `PXCunit${tag}` })).body).toEqual({
      content: [],
      totalElements: 0,
    });
    expect(names((await filter('/unit', { search: `PXC${tag}` })).body)).toEqual([]);
  });

  it('pages: sorted by name, totalElements counts all matches; discount groups of one manufacturer', async () => {
    const maker = await createManufacturer(t, { displayName: `Rittal ${tag}` });
    const other = await createManufacturer(t);
    for (const name of ['C', 'A', 'B'])
      await createDiscountGroup(t, { displayName: `RG ${name} ${tag}`, manufacturerId: maker.id });
    await createDiscountGroup(t, {
      displayName: `RG D ${tag}`,
      manufacturerId: other.id,
      nameVariants: [`Alt ${tag}`],
    });
    const first = await filter('/discountgroup', { search: `rg`, manufacturerId: maker.id, paginationSize: '5' });
    expect(first.body).toMatchObject({ totalElements: 3 });
    expect(names(first.body)).toEqual([`RG A ${tag}`, `RG B ${tag}`, `RG C ${tag}`]);
    const all = await filter('/discountgroup', { search: tag, paginationSize: '5', sortDescending: 'true' });
    expect(all.body).toMatchObject({ totalElements: 4 });
    expect(names(all.body)[0]).toBe(`RG D ${tag}`);
    const second = await filter('/discountgroup', { search: tag, paginationSize: '5', page: '1' });
    expect(second.body).toEqual({ content: [], totalElements: 4 });
    expect(names((await filter('/discountgroup', { search: `alt ${tag}` })).body)).toEqual([`RG D ${tag}`]);
  });

  it('wrong caller: customers and suppliers 403, anonymous 401; bad paging 400', async () => {
    expect((await filter('/manufacturer', { search: 'PXC' }, w.users.customerUser.token)).status).toBe(403);
    expect((await filter('/unit', { search: 'PXC' }, w.users.supplierAdmin.token)).status).toBe(403);
    expect((await get('/manufacturer/filter', { query: { search: 'PXC' } })).status).toBe(401);
    const bad = await filter('/manufacturer', { paginationSize: '7' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('paginationSize');
    expect((await filter('/discountgroup', { manufacturerId: '../x' })).status).toBe(400);
  });
});
