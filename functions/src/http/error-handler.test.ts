import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import { errorsOf } from '../platform/api-error.js';
import { USER_ERRORS } from '../model/user.js';
import { createErrorHandler } from './error-handler.js';
import { validateBody, validateQuery } from './validate.js';
import { mailSchema, registrationSchema } from '../model/user.js';

const log = vi.fn();
let base = '';
let server: ReturnType<express.Express['listen']>;

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', false);
  // Like the Functions runtime, which hands our app an extended-parsed req.query (objects and arrays):
  // the validators must answer 400 for those shapes on their own.
  app.set('query parser', 'extended');
  app.use(express.json({ limit: 1024 }));
  app.get('/boom', async () => {
    throw new Error('secret internals at /srv/app.js:12');
  });
  app.get('/sync-boom', () => {
    throw new TypeError('sync failure');
  });
  app.get('/api-error', async () => {
    throw errorsOf(USER_ERRORS).mailInUse();
  });
  app.post(
    '/validate',
    validateBody(
      yup.object({
        mail: yup.string().email('validation.email').required('validation.required'),
        n: yup.number().min(1, 'validation.min'),
      }),
    ),
    (req, res) => {
      res.json(req.body);
    },
  );
  app.post('/register', validateBody(registrationSchema), (req, res) => {
    res.json(req.body);
  });
  app.get('/mail', validateQuery(yup.object({ mail: mailSchema })), (_req, res) => {
    res.json(res.locals.query);
  });
  app.post('/echo', (req, res) => {
    res.json(req.body);
  });
  app.get('/ip', (req, res) => {
    res.json({ ip: req.ip });
  });
  app.use(createErrorHandler({ error: log }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('req.ip with trust proxy off', () => {
  it('ignores a client-sent X-Forwarded-For', async () => {
    const res = await fetch(`${base}/ip`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect((await res.json()).ip).not.toContain('6.6.6.6');
  });
});

describe('error handler', () => {
  it.each(['/boom', '/sync-boom'])(
    'answers 500 internal without stack or message for %s, and logs it',
    async (path) => {
      log.mockClear();
      const res = await fetch(base + path, { headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.1' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ code: 'internal', message: 'Internal error' });
      expect(text).not.toMatch(/secret|failure|at |\.js/);
      expect(log).toHaveBeenCalledTimes(1);
      // the logged client address is the right-most X-Forwarded-For entry (added by the proxy)
      expect(log.mock.calls[0]![1]).toMatchObject({ client: '10.0.0.1' });
    },
  );

  it('maps an ApiError to its status and code', async () => {
    const res = await fetch(`${base}/api-error`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'mailInUse', message: 'E-mail already in use' });
  });

  it('maps yup errors to 400 validation with [{path, key}] and strips unknown keys', async () => {
    const bad = await fetch(`${base}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail: 'x', n: 0 }),
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.code).toBe('validation');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'mail', key: 'validation.email' },
        { path: 'n', key: 'validation.min' },
      ]),
    );
    const ok = await fetch(`${base}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail: 'a@b.de', evil: 1 }),
    });
    expect(await ok.json()).toEqual({ mail: 'a@b.de' });
  });

  it('answers malformed JSON with 400 badRequest and oversized bodies with 413', async () => {
    const malformed = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('badRequest');
    const big = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(5000) }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).code).toBe('payloadTooLarge');
  });
});

describe('validation of values of the wrong type', () => {
  const type = { code: 'validation', message: 'Validation failed', details: [{ path: '', key: 'validation.type' }] };

  it.each([
    // an object: the schema's transform fails
    ['mail[x]=a@b.de', ''],
    // an array where one value is expected (sent twice, or with brackets): refused by name, never the first taken
    ['mail[]=a@b.de', 'mail'],
    ['mail=a@b.de&mail=c@d.de', 'mail'],
  ])('answers 400 validation.type, not 500, for the query %s', async (query, path) => {
    log.mockClear();
    const res = await fetch(`${base}/mail?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ...type, details: [{ path, key: 'validation.type' }] });
    expect(log).not.toHaveBeenCalled();
  });

  it('answers 400 validation.type for an array where the body expects a string', async () => {
    const user = { name: ['x'], lastname: 'L', phoneNumber: '1', mail: 'a@b.de', password: 'geheim123' };
    const company = { name: 'F', address: { street: 'S', houseNo: '1', zip: '1', city: 'C' } };
    const res = await fetch(`${base}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user, company }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(type);
    const ok = await fetch(`${base}/mail?mail=a@b.de`);
    expect(await ok.json()).toEqual({ mail: 'a@b.de' });
  });
});
