import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { createApp } from '../app.js';
import { createModules } from '../modules.js';
import { TEST_CONFIG } from '../testing/config.js';
import { clientAddress } from './client-address.js';

function req(xff: string | string[] | undefined, remote = '127.0.0.1') {
  return { headers: xff === undefined ? {} : { 'x-forwarded-for': xff }, socket: { remoteAddress: remote } } as never;
}

describe('client address (logs and registration throttles)', () => {
  it('is the address Hosting’s CDN reports (Fastly-Client-IP), whatever X-Forwarded-For says', () => {
    const behindHosting = (cdn: string, xff?: string) =>
      ({ headers: { 'fastly-client-ip': cdn, ...(xff ? { 'x-forwarded-for': xff } : {}) }, socket: {} }) as never;
    expect(clientAddress(behindHosting('203.0.113.7', '6.6.6.6, 203.0.113.7, 35.191.0.1'))).toBe('203.0.113.7');
    expect(clientAddress(behindHosting('2001:db8::42'))).toBe('2001:db8::42');
    // not an address: ignored, the next source counts
    expect(clientAddress(behindHosting('junk', '198.51.100.7'))).toBe('198.51.100.7');
  });

  it('takes the right-most X-Forwarded-For entry, never the client-controlled left end', () => {
    expect(clientAddress(req('1.2.3.4, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(req('spoofed, 1.1.1.1 ,  198.51.100.7 '))).toBe('198.51.100.7');
    expect(clientAddress(req(['1.2.3.4', '9.9.9.9']))).toBe('9.9.9.9');
  });

  it('falls back to the socket address', () => {
    expect(clientAddress(req(undefined, '10.1.1.1'))).toBe('10.1.1.1');
    expect(clientAddress(req('', '10.1.1.2'))).toBe('10.1.1.2');
  });
});

describe('app', () => {
  const fbApp = getApps().find((a) => a.name === 'unit-app') ?? initializeApp({ projectId: 'demo-unit' }, 'unit-app');
  const container = createModules({
    db: getFirestore(fbApp),
    auth: getAuth(fbApp),
    config: TEST_CONFIG,
    verifier: {
      verifyIdToken: async () => {
        throw Object.assign(new Error('bad'), { code: 'auth/argument-error' });
      },
    },
  });
  const app = createApp(container);

  it('does not trust proxies: req.ip ignores X-Forwarded-For', async () => {
    expect(app.get('trust proxy')).toBe(false);
    expect(app.get('x-powered-by')).toBe(false);
  });

  it('answers protected calls without token 401, with and without /api, unknown paths 404, no CORS headers', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ['/api/user/all', '/user/all', '/api/company/all', '/api/legal/avv']) {
        const res = await fetch(base + path, {
          headers: { origin: 'https://evil.example', 'x-forwarded-for': '1.2.3.4' },
        });
        expect(res.status, path).toBe(401);
        expect(await res.json()).toEqual({ code: 'unauthenticated', message: 'Not signed in' });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
      const bad = await fetch(`${base}/api/user/all`, { headers: { authorization: 'Bearer nope' } });
      expect(bad.status).toBe(401);
      const missing = await fetch(`${base}/api/nothing/here`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).code).toBe('notFound');
      const big = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ x: 'y'.repeat(1_100_000) }),
      });
      expect(big.status).toBe(413);
      const invalid = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(invalid.status).toBe(400);
      const body = await invalid.json();
      expect(body.code).toBe('validation');
      expect(body.details).toEqual(
        expect.arrayContaining([
          { path: 'user.mail', key: 'validation.required' },
          { path: 'company.address.zip', key: 'validation.required' },
        ]),
      );
    } finally {
      server.close();
    }
  });
});
