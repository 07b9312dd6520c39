import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS } from '../testing/env.js';
import { post } from '../testing/api-client.js';
import { resetAll } from '../testing/emulator-reset.js';
import { admin, createWorld, disposeClients, uniqueMail, type World } from '../testing/fixtures.js';

/**
 * Issue 12, items 1 and 4 over HTTP, through Hosting and the Functions emulator (whose runtime parses the
 * body before our app): every error is `{code, message}` JSON without a stack, validation details are
 * i18n keys, types are strict, only JSON bodies are read, names refuse control and bidi characters.
 */
let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
});
afterAll(disposeClients);

async function raw(method: string, path: string, init: { type?: string; body?: string } = {}) {
  const headers: Record<string, string> = init.type ? { 'content-type': init.type } : {};
  const res = await fetch(new URL(path, HOSTS.portal), { method, headers, body: init.body });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

function expectJsonError(res: { status: number; type: string; text: string }, status: number, code: string) {
  expect([res.status, res.type]).toEqual([status, expect.stringMatching(/^application\/json/)]);
  expect(JSON.parse(res.text)).toMatchObject({ code, message: expect.any(String) });
  expect(res.text).not.toMatch(/<html|<pre|node_modules|\/work\/|at \w+ \(|\.js:\d/);
}

const person = (mail: string) => ({
  name: 'Anna',
  lastname: 'Kellner',
  phoneNumber: '0711-1',
  mail,
  password: 'geheim123',
});
const company = { name: 'Kellner GmbH', address: { street: 'Weg', houseNo: '1', zip: '70565', city: 'Stuttgart' } };
/** The registration's two agreements (required since issue 32: registration.api.test.ts). */
const agreed = { avbAccepted: true, privacyAccepted: true };

describe('item 1: body-parser failures answer {code, message} JSON', () => {
  it.each(['{"name":', 'null', '123', '"x"', '[1,'])('POST /user/register with the JSON body %s', async (body) => {
    expectJsonError(await raw('POST', '/api/user/register', { type: 'application/json', body }), 400, 'badRequest');
  });

  it('a signed-in call with a malformed body', async () => {
    const res = await fetch(new URL('/api/user/update', HOSTS.portal), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.token('platformAdmin')}` },
      body: '{"id":',
    });
    expectJsonError(
      { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() },
      400,
      'badRequest',
    );
  });

  it('an unknown charset', async () => {
    const res = await raw('POST', '/api/user/register', { type: 'application/json; charset=klingon', body: '{}' });
    expectJsonError(res, 415, 'unsupportedMediaType');
  });

  it.each(['/api/nope/%00', '/api/user/x%2Fy', '/api/user/%E2%80%AE'])(
    'GET %s answers 404 notFound from our app',
    async (path) => {
      expectJsonError(await raw('GET', path), 404, 'notFound');
    },
  );

  it.each(['/api/%E0%A4%A', '/api/..%2f', '/api/user/..%2f..%2fcompany', '/api/company/..%2f'])(
    'GET %s leaks nothing (the Hosting emulator may answer it before the function)',
    async (path) => {
      const res = await raw('GET', path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text).not.toMatch(/node_modules|\/work\/|at \w+ \(|\.js:\d/);
      if (res.type.startsWith('application/json')) expectJsonError(res, res.status, 'notFound');
    },
  );
});

describe('item 1: oversize headers', () => {
  it('are refused before any Express sees them, without an HTML page or a stack', async () => {
    const res = await fetch(new URL('/api/health', HOSTS.portal), { headers: { 'x-big': 'x'.repeat(20_000) } });
    const text = await res.text();
    expect(res.status).toBe(431);
    expect(text).not.toMatch(/<html|node_modules|\/work\/|at \w+ \(|\.js:\d/);
  });
});

describe('item 4: content type, strict types, keys, names', () => {
  it('a form-urlencoded registration answers 415 and creates nothing', async () => {
    const mail = uniqueMail('form');
    const body = new URLSearchParams({ 'user[name]': 'Mallory', 'user[mail]': mail }).toString();
    const res = await raw('POST', '/api/user/register', { type: 'application/x-www-form-urlencoded', body });
    expectJsonError(res, 415, 'unsupportedMediaType');
    const text = await raw('POST', '/api/user/register', { type: 'text/plain', body: '{}' });
    expectJsonError(text, 415, 'unsupportedMediaType');
    await expect(admin().auth.getUserByEmail(mail)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it('name: 123 answers 400 validation.type and stores nothing', async () => {
    const mail = uniqueMail('number');
    const res = await post('/user/register', { body: { user: { ...person(mail), name: 123 }, company, ...agreed } });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'validation', details: [{ path: '', key: 'validation.type' }] },
    });
    const flag = await post('/user/update', {
      token: w.token('platformAdmin'),
      body: { ...person(w.users.customerUser.mail), id: w.users.customerUser.user.id, admin: 'true' },
    });
    expect(flag).toMatchObject({ status: 400, body: { details: [{ path: 'admin', key: 'validation.type' }] } });
    await expect(admin().auth.getUserByEmail(mail)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it('details are keys, never English text (missing objects, wrong types, lengths)', async () => {
    const cases = [
      { user: person(uniqueMail('k')), ...agreed },
      { user: person(uniqueMail('k')), company: { name: 'F' }, ...agreed },
      { user: { ...person(uniqueMail('k')), name: 'x'.repeat(101) }, company, ...agreed },
      { user: person(uniqueMail('k')), company: { ...company, address: null }, ...agreed },
      { user: null, company, ...agreed },
    ];
    for (const body of cases) {
      const res = await post('/user/register', { body });
      expect(res.status).toBe(400);
      for (const d of res.body.details as Array<{ key: string }>) expect(d.key).toMatch(/^validation\.[a-zA-Z]+$/);
    }
    const long = await post('/user/register', { body: cases[2] });
    expect(long.body.details).toEqual([{ path: 'user.name', key: 'validation.maxLength' }]);
    const noAddress = await post('/user/register', { body: cases[1] });
    expect(noAddress.body.details).toEqual(
      ['street', 'houseNo', 'zip', 'city'].map((f) => ({ path: `company.address.${f}`, key: 'validation.required' })),
    );
    const admin = await post('/user/update', {
      token: w.token('platformAdmin'),
      body: { ...person(w.users.customerUser.mail), id: w.users.customerUser.user.id, admin: 5 },
    });
    expect(admin.body.details).toEqual([{ path: 'admin', key: 'validation.type' }]);
  });

  it.each([
    ['NUL', 'Ma\u0000x'],
    ['RIGHT-TO-LEFT OVERRIDE', 'gnp\u202e.exe'],
    ['FIRST STRONG ISOLATE', '\u2068Max'],
  ])('a name with %s answers validation.controlCharacters', async (_what, name) => {
    const res = await post('/user/register', {
      body: { user: { ...person(uniqueMail('bidi')), name }, company, ...agreed },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'validation', details: [{ path: 'user.name', key: 'validation.controlCharacters' }] },
    });
    const firm = await post('/user/register', {
      body: { user: person(uniqueMail('bidi')), company: { ...company, name }, ...agreed },
    });
    expect(firm.body.details).toEqual([{ path: 'company.name', key: 'validation.controlCharacters' }]);
  });

  it('a clean registration still works', async () => {
    const res = await post('/user/register', { body: { user: person(uniqueMail('clean')), company, ...agreed } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: 'Anna', mail: expect.stringMatching(/^clean/) });
  });
});
