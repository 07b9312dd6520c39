import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../model/change-history.js';
import { get, post } from '../../testing/api-client.js';
import { createWorld, disposeClients, type TestUser, type World } from '../../testing/fixtures.js';
import { createArticle, uniq } from '../catalogue/catalogue-fixtures.js';
import { importedBom } from './admin-bom-fixtures.js';

/**
 * GET /admin/bom/history over HTTP (docs/decisions-bom.md "Rework history"): each POST /admin/bom/line leaves ONE
 * entry with the line's number and its fields from → to; a refused call none; read by whoever may read the result.
 */
let w: World;
let administrator: TestUser;
let adminUser: TestUser;
beforeAll(async () => {
  w = await createWorld();
  administrator = w.users.platformAdmin;
  adminUser = w.users.adminUser;
});
afterAll(disposeClients);

const historyOf = (id: string, token = adminUser.token) => get('/admin/bom/history', { token, query: { id } });

describe('GET /admin/bom/history', () => {
  it('a manual match and a quantity edit: one entry each with the line number and from → to, newest first', async () => {
    const { result } = await importedBom(adminUser.token, `${uniq('Verlauf')}.csv`);
    const article = await createArticle(administrator.token, { orderNumber: uniq('BH-ERSATZ') });
    const line = (body: object) =>
      post('/admin/bom/line', { token: adminUser.token, body: { id: result.id, ...body } });
    const before = (await get('/admin/bom/lines', { token: adminUser.token, query: { id: result.id } })).body
      .content[0] as { id: string; rowNumber: number; quantity: number };
    expect((await line({ lineId: before.id, matchedArticleId: article.id })).status).toBe(200);
    expect((await line({ lineId: before.id, quantity: before.quantity + 2 })).status).toBe(200);
    // refused: an unknown line, an unknown article - no entry
    expect((await line({ lineId: '0009999', quantity: 1 })).status).toBe(404);
    expect((await line({ lineId: before.id, matchedArticleId: 'keinArtikel0000000' })).status).toBe(422);
    const res = await historyOf(result.id);
    expect(res.status).toBe(200);
    const [edit, match] = res.body.content as HistoryEntry[];
    expect(res.body.totalElements).toBe(2);
    expect(edit).toMatchObject({
      kind: 'rework',
      line: before.rowNumber,
      by: adminUser.user.id,
      changes: [{ field: 'quantity', from: before.quantity, to: before.quantity + 2 }],
    });
    expect(match).toMatchObject({ kind: 'rework', line: before.rowNumber });
    expect(match!.changes).toContainEqual(
      expect.objectContaining({ field: 'matchedArticle', to: article.orderNumber }),
    );
  });

  it('two users rework the same line at once: two entries whose from → to chain', async () => {
    const { result } = await importedBom(adminUser.token, `${uniq('Parallel')}.csv`);
    const first = (await get('/admin/bom/lines', { token: adminUser.token, query: { id: result.id } })).body
      .content[0] as { id: string; quantity: number };
    const answers = await Promise.all(
      [adminUser, administrator].map((u, i) =>
        post('/admin/bom/line', { token: u.token, body: { id: result.id, lineId: first.id, quantity: 50 + i } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const changes = ((await historyOf(result.id)).body.content as HistoryEntry[]).map((e) => e.changes[0]!);
    expect(changes).toHaveLength(2);
    const earlier = changes.find((c) => c.from === first.quantity);
    const later = changes.find((c) => c !== earlier);
    expect(later!.from).toBe(earlier!.to);
  });

  it('reads as the result: another plain user’s result 404, the administrator sees it, customers 403', async () => {
    const { result } = await importedBom(administrator.token, `${uniq('Fremd')}.csv`);
    expect((await historyOf(result.id)).status).toBe(404);
    expect((await historyOf(result.id, administrator.token)).status).toBe(200);
    expect((await historyOf(result.id, w.users.customerAdmin.token)).status).toBe(403);
    expect((await historyOf('keinErgebnis000000', administrator.token)).status).toBe(404);
  });
});
