import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../model/change-history.js';
import { get, post } from '../../testing/api-client.js';
import { createWorld, disposeClients, type World } from '../../testing/fixtures.js';
import {
  createImportConfig as storeImportConfig,
  csvFile,
  importAndWait,
} from '../article-transfer/article-transfer-fixtures.js';
import { createArticle, uniq } from '../catalogue/catalogue-fixtures.js';
import { createImportConfig } from './import-configs-fixtures.js';

/**
 * GET /import/config/history over HTTP (docs/decisions-catalogue.md "History"): a configuration's edits from → to,
 * none for a refused edit, two parallel edits chaining, and an article import as ONE entry with its counts (plus ONE
 * `import` entry on each article it changed).
 */
let w: World;
let t: string;
beforeAll(async () => {
  w = await createWorld();
  t = w.users.platformAdmin.token;
});
afterAll(disposeClients);

const historyOf = async (path: string, id: string) => {
  const res = await get(`${path}/history`, { token: t, query: { id } });
  expect(res.status).toBe(200);
  return (res.body as { content: HistoryEntry[] }).content;
};

describe('GET /import/config/history', () => {
  it('an edit leaves ONE entry; a refused edit none; admin flag needed; 404 for an unknown configuration', async () => {
    const config = await createImportConfig(t);
    const title = uniq('Neu');
    expect((await post('/import/config/update', { token: t, body: { ...config, title } })).status).toBe(200);
    const bad = { ...config, fieldMapping: [{ columnIndex: 99, importHeader: 'X', articleField: 'orderNumber' }] };
    expect((await post('/import/config/update', { token: t, body: bad })).status).toBe(400);
    const [update, create] = await historyOf('/import/config', config.id);
    expect(update).toMatchObject({ kind: 'update', changes: [{ field: 'title', from: config.title, to: title }] });
    expect(create).toMatchObject({ kind: 'create' });
    expect(create!.changes).toContainEqual({ field: 'fieldMapping', from: null, to: 'Bestellnummer → orderNumber' });
    const query = { id: config.id };
    expect((await get('/import/config/history', { token: w.users.adminUser.token, query })).status).toBe(403);
    expect((await get('/import/config/history', { token: t, query: { id: 'keineKonfig00000' } })).status).toBe(404);
  });

  it('two parallel edits: two entries whose from → to chain', async () => {
    const config = await createImportConfig(t);
    const titles = [uniq('A'), uniq('B')];
    const answers = await Promise.all(
      titles.map((title) => post('/import/config/update', { token: t, body: { ...config, title } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const changes = (await historyOf('/import/config', config.id))
      .filter((e) => e.kind === 'update')
      .map((e) => e.changes[0]!);
    const first = changes.find((c) => c.from === config.title);
    const second = changes.find((c) => c !== first);
    expect(second!.from).toBe(first!.to);
  });

  it('an article import: ONE entry on the configuration with file and counts, ONE on each changed article', async () => {
    const config = await storeImportConfig();
    const existing = uniq('HIST');
    const article = await createArticle(t, { orderNumber: existing, listPrice: 1 });
    const fileName = `${uniq('preise')}.csv`;
    const row = (on: string, price: string) => [on, '', '', '', price, '', '', '', '', ''];
    const file = csvFile([row(existing, '2,50'), row(uniq('HIST-NEU'), '3'), row('', '4')]);
    await importAndWait(t, config.id, { name: fileName, bytes: file });
    const [run] = await historyOf('/import/config', config.id);
    expect(run).toMatchObject({
      kind: 'import',
      fileName,
      counts: { created: 1, updated: 1, failed: 1 },
      changes: [],
      by: w.users.platformAdmin.user.id,
    });
    const [imported] = await historyOf('/article', article.id);
    expect(imported).toMatchObject({ kind: 'import', fileName, changes: [{ field: 'listPrice', from: 1, to: 2.5 }] });
  });
});
