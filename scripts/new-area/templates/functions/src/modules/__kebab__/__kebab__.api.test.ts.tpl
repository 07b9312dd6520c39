import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { __Pascal__Record } from '../../model/__kebab__.js';
import { get } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createWorld, disposeClients, mailsTo, type World } from '../../testing/fixtures.js';
import { create__Pascal__ } from './__kebab__-fixtures.js';

/** /__kebab__ over HTTP through Hosting; who may call what: __kebab__.access.ts. */
let w: World;
let t: string;
const created: __Pascal__Record[] = [];
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  t = w.users.platformAdmin.token;
  for (let i = 0; i < 7; i++)
    created.push(await create__Pascal__({ title: `Quarz ${i} ${i % 2 ? 'Halle' : 'Werk'}`, note: `Notiz ${i}` }));
});
afterAll(disposeClients);

const filter = (query: Record<string, string>, token = t) => get('/__kebab__/filter', { token, query });
const titles = (body: { content: __Pascal__Record[] }) => body.content.map((r) => r.title);

describe('GET /__kebab__/filter', () => {
  it('pages and counts a search, sorted by title either way', async () => {
    const first = await filter({ search: 'quarz', page: '0', paginationSize: '5', column: 'title' });
    expect(first.status).toBe(200);
    expect(first.body.totalElements).toBe(7);
    expect(titles(first.body)).toEqual(['Quarz 0 Werk', 'Quarz 1 Halle', 'Quarz 2 Werk', 'Quarz 3 Halle', 'Quarz 4 Werk']);
    const last = await filter({ search: 'quarz', page: '1', paginationSize: '5', column: 'title', sortDescending: 'true' });
    expect(titles(last.body)).toEqual(['Quarz 1 Halle', 'Quarz 0 Werk']);
    expect((await filter({ search: 'halle', paginationSize: '30' })).body.totalElements).toBe(3);
    expect((await filter({ search: 'quarz 2 we' })).body.totalElements).toBe(1);
    const newest = await filter({ column: 'createDate', sortDescending: 'true', paginationSize: '5' });
    expect(newest.body.content[0]).not.toHaveProperty('searchTokens');
    expect(newest.body.content[0].id).toBe(created.at(-1)!.id);
  });

  it('400 for an unknown column or page size', async () => {
    expect((await filter({ column: 'note' })).status).toBe(400);
    expect((await filter({ paginationSize: '7' })).status).toBe(400);
  });

  it('is for platform administrators only: 403 signed in without the flag, 401 anonymous', async () => {
    expect((await filter({}, w.users.adminUser.token)).status).toBe(403);
    expect((await filter({}, w.users.customerAdmin.token)).status).toBe(403);
    expect((await get('/__kebab__/filter', {})).status).toBe(401);
  });
});

describe('GET /__kebab__/', () => {
  it('answers the record, 404 for an unknown id, 400 for a malformed one', async () => {
    const record = created[0]!;
    const res = await get('/__kebab__/', { token: t, query: { id: record.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: record.id, title: record.title, note: record.note });
    expect(new Date(res.body.createDate).toISOString()).toBe(record.createDate.toISOString());
    const missing = await get('/__kebab__/', { token: t, query: { id: 'missing' } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('notFound');
    expect((await get('/__kebab__/', { token: t, query: { id: '../x' } })).status).toBe(400);
  });

  it('is for platform administrators only', async () => {
    const query = { id: created[0]!.id };
    expect((await get('/__kebab__/', { token: w.users.supplierAdmin.token, query })).status).toBe(403);
    expect((await get('/__kebab__/', { query })).status).toBe(401);
  });
});

describe('a new record', () => {
  it('claims its title (409 __camel__TitleTaken) and mails its creator in German', async () => {
    await expect(create__Pascal__({ title: 'Quarz 0 Werk' })).rejects.toMatchObject({
      status: 409,
      code: '__camel__TitleTaken',
    });
    const mails = await mailsTo('max@example.de');
    expect(mails.map((m) => m.message.subject)).toContain('Neuer Eintrag: Quarz 6 Werk');
  });
});
