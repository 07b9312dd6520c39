import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../model/change-history.js';
import { get, post } from '../../testing/api-client.js';
import { admin, createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import { waitForDocument } from '../../testing/wait-for-document.js';
import {
  createArticle,
  createDiscountGroup,
  createManufacturer,
  createUnit,
  createWholesaler,
  uniq,
} from './catalogue-fixtures.js';

/**
 * Who changed what (docs/decisions-catalogue.md "History"): GET /article/history and GET /<kind>/history over HTTP
 * — the entries an update leaves (from → to, who), none for a refused update, two parallel updates chaining, the
 * combine's entry on the survivor, and the read rights of the record's GET.
 */
let w: World;
let t: string;
beforeAll(async () => {
  w = await createWorld();
  t = w.users.platformAdmin.token;
});
afterAll(disposeClients);

const historyOf = async (path: string, id: string, token = t) => {
  const res = await get(`${path}/history`, { token, query: { id } });
  expect(res.status).toBe(200);
  return res.body as { content: HistoryEntry[]; totalElements: number };
};
const nameOf = (u: { user: { name: string; lastname: string } }) => `${u.user.name} ${u.user.lastname}`;

describe('GET /article/history', () => {
  it('an update leaves ONE entry with the changed fields from → to, who and when; newest first', async () => {
    const article = await createArticle(t, { listPrice: 12, possibleOrderNumbers: ['ALT-1'] });
    const by = w.users.adminUser;
    const res = await post('/article/update', {
      token: by.token,
      body: { ...article, listPrice: 13.5, possibleOrderNumbers: ['ALT-1', 'ALT-2'] },
    });
    expect(res.status).toBe(200);
    const page = await historyOf('/article', article.id);
    expect(page.totalElements).toBe(2);
    const [update, create] = page.content;
    expect(update).toMatchObject({ kind: 'update', by: by.user.id, byName: nameOf(by) });
    expect(update!.changes).toEqual([
      { field: 'listPrice', from: 12, to: 13.5 },
      { field: 'possibleOrderNumbers', from: 'ALT-1', to: 'ALT-1, ALT-2' },
    ]);
    expect(new Date(update!.at).getTime()).toBeGreaterThanOrEqual(new Date(create!.at).getTime());
    expect(create).toMatchObject({ kind: 'create', byName: nameOf(w.users.platformAdmin) });
    expect(create!.changes).toContainEqual({ field: 'listPrice', from: null, to: 12 });
    // paging: one per page
    const first = await get('/article/history', { token: t, query: { id: article.id, paginationSize: '5' } });
    expect(first.body.content).toHaveLength(2);
  });

  it('answers a changed unit or discount group by its current name, not its id', async () => {
    const [before, after] = await Promise.all([createUnit(t), createUnit(t)]);
    const article = await createArticle(t, { unitId: before.id });
    expect((await post('/article/update', { token: t, body: { ...article, unitId: after.id } })).status).toBe(200);
    const [update] = (await historyOf('/article', article.id)).content;
    expect(update!.changes).toEqual([{ field: 'unitId', from: before.displayName, to: after.displayName }]);
  });

  it('answers a wholesaler entry with the wholesaler’s name, not its id', async () => {
    const wholesaler = await createWholesaler(t);
    const article = await createArticle(t);
    const wholesalerInfos = [{ wholesalerId: wholesaler.id, purchasePrice: 0.67, orderNumber: 'W1' }];
    expect((await post('/article/update', { token: t, body: { ...article, wholesalerInfos } })).status).toBe(200);
    const [update] = (await historyOf('/article', article.id)).content;
    expect(update!.changes).toEqual([
      {
        field: 'wholesalerInfos',
        from: null,
        to: JSON.stringify({ wholesaler: wholesaler.displayName, orderNumber: 'W1', purchasePrice: 0.67 }),
      },
    ]);
  });

  it('no entry for an update that changes nothing, is refused or invalid', async () => {
    const taken = await createArticle(t);
    const article = await createArticle(t, { listPrice: 5 });
    expect((await post('/article/update', { token: t, body: article })).status).toBe(200);
    const conflict = await post('/article/update', {
      token: t,
      body: { ...article, listPrice: 6, possibleOrderNumbers: [taken.orderNumber] },
    });
    expect(conflict.status).toBe(409);
    const invalid = await post('/article/update', { token: t, body: { ...article, listPrice: 'teuer' } });
    expect(invalid.status).toBe(400);
    const page = await historyOf('/article', article.id);
    expect(page.content.map((e) => e.kind)).toEqual(['create']);
  });

  it('two users update the same article at once: two entries whose from → to chain', async () => {
    const article = await createArticle(t, { listPrice: 10 });
    const [a, b] = await Promise.all([
      post('/article/update', { token: t, body: { ...article, listPrice: 11 } }),
      post('/article/update', { token: w.users.adminUser.token, body: { ...article, listPrice: 12 } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const updates = (await historyOf('/article', article.id)).content.filter((e) => e.kind === 'update');
    expect(updates).toHaveLength(2);
    const prices = updates.map((e) => e.changes.find((c) => c.field === 'listPrice')!);
    // the first committed change starts at the stored 10; the second starts where the first ended
    const first = prices.find((c) => c.from === 10);
    const second = prices.find((c) => c !== first);
    expect(second!.from).toBe(first!.to);
    expect(new Set([first!.to, second!.to])).toEqual(new Set([11, 12]));
  });

  it('reads as GET /article: 404 for an unknown article, 400 for a bad id, 403 for other companies, 401 without token', async () => {
    expect((await get('/article/history', { token: t, query: { id: 'keinArtikel000000' } })).status).toBe(404);
    expect((await get('/article/history', { token: t, query: { id: 'a/b' } })).status).toBe(400);
    const article = await createArticle(t);
    expect(
      (await get('/article/history', { token: w.users.customerAdmin.token, query: { id: article.id } })).status,
    ).toBe(403);
    expect((await get('/article/history', { query: { id: article.id } })).status).toBe(401);
    expect((await get('/article/history', { token: w.users.adminUser.token, query: { id: article.id } })).status).toBe(
      200,
    );
  });
});

describe('GET /<kind>/history', () => {
  it('a discount group moved to another manufacturer: both answered by name', async () => {
    const [from, to] = await Promise.all([createManufacturer(t), createManufacturer(t)]);
    const group = await createDiscountGroup(t, { manufacturerId: from.id });
    expect((await post('/discountgroup/update', { token: t, body: { ...group, manufacturerId: to.id } })).status).toBe(
      200,
    );
    const [update] = (await historyOf('/discountgroup', group.id)).content;
    expect(update!.changes).toEqual([{ field: 'manufacturerId', from: from.displayName, to: to.displayName }]);
  });

  it('an update names the changed fields; a plain ADMIN user reads it, a customer gets 403', async () => {
    const unit = await createUnit(t, { nameVariants: ['St'] });
    const renamed = uniq('Stück');
    const res = await post('/unit/update', { token: t, body: { ...unit, displayName: renamed } });
    expect(res.status).toBe(200);
    const [update] = (await historyOf('/unit', unit.id, w.users.adminUser.token)).content;
    expect(update).toMatchObject({ kind: 'update', byName: nameOf(w.users.platformAdmin) });
    expect(update!.changes).toEqual([{ field: 'displayName', from: unit.displayName, to: renamed }]);
    expect((await get('/unit/history', { token: w.users.customerAdmin.token, query: { id: unit.id } })).status).toBe(
      403,
    );
    // the ADMIN user without the flag may read, not change: his refused update leaves nothing
    expect(
      (await post('/unit/update', { token: w.users.adminUser.token, body: { ...unit, displayName: uniq('X') } }))
        .status,
    ).toBe(403);
    expect((await historyOf('/unit', unit.id)).totalElements).toBe(2);
    expect((await get('/manufacturer/history', { token: t, query: { id: unit.id } })).status).toBe(404);
  });

  it('combine: ONE merge entry on the survivor naming the merged items; the merged item’s history is gone with it', async () => {
    const survivor = await createUnit(t);
    const merged = await createUnit(t, { nameVariants: ['Alt'] });
    const res = await get('/unit/combine', { token: t, query: { unitIds: `${survivor.id},${merged.id}` } });
    expect(res.status).toBe(200);
    await waitForDocument<{ state: string }>(
      admin()
        .db.collection('backgroundTasks')
        .doc(res.body.taskId as string),
      (d) => d?.state === 'done',
    );
    const [merge] = (await historyOf('/unit', survivor.id)).content;
    expect(merge).toMatchObject({ kind: 'merge', byName: nameOf(w.users.platformAdmin) });
    expect(merge!.changes).toEqual([
      { field: 'merged', from: null, to: merged.displayName },
      { field: 'nameVariants', from: null, to: `${merged.displayName}, Alt` },
    ]);
    expect((await get('/unit/history', { token: t, query: { id: merged.id } })).status).toBe(404);
  });
});
