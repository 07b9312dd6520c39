import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThrottlesRepository } from '../../data/throttles.repository.js';
import { INVITATION_MAILS } from '../../model/business-data.js';
import type { ApiResponse } from '../../testing/api-client.js';
import { call, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { admin, createWorld, disposeClients, mailsTo, uniqueMail, type World } from '../../testing/fixtures.js';
import { PROJECT_ID } from '../../testing/env.js';
import { folderOffer, openPasswordLink, share } from './business-data-fixtures.js';

/**
 * Issue 35 (6, 7) over HTTP: the invitation mails a folder may send (docs/decisions-project-folder.md "Invitation
 * mails"), and the password link's folder-wide limit under a forged client address (docs/decisions-hardening.md
 * "Password link lockout").
 */
let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
});
afterAll(() => disposeClients());

const newOffer = () => folderOffer(w.users.customerAdmin, w.users.supplierAdmin);
const invite = (offerId: string, emails: string[], write = false) =>
  post('/offer/businessdata/share', {
    token: w.users.supplierAdmin.token,
    body: { offerId, visibilityEntries: emails.map((email) => ({ email, read: true, write })) },
  });
const unshare = (offerId: string, email: string) =>
  post('/offer/businessdata/share/delete', { token: w.users.supplierAdmin.token, body: { offerId, email } });
const addresses = (n: number, prefix: string) => Array.from({ length: n }, () => uniqueMail(prefix));

describe('invitation mails', () => {
  it(`at most ${INVITATION_MAILS.perFolder} per folder in 24 h, also when unshare rounds keep the list short`, async () => {
    const o = await newOffer();
    const half = INVITATION_MAILS.perFolder / 2;
    const sent: string[] = [];
    for (const round of [1, 2]) {
      const batch = addresses(half, `runde${round}`);
      expect((await invite(o.id, batch)).status).toBe(201);
      for (const email of batch) expect((await unshare(o.id, email)).body).toEqual({ removed: true });
      sent.push(...batch);
    }
    const listed = await call('GET', '/offer/businessdata', {
      token: w.users.supplierAdmin.token,
      query: { offerId: o.id },
    });
    expect(listed.body.facts.settings.visibilities).toEqual([]);
    const over = await invite(o.id, [uniqueMail('zuviel')]);
    expect(over).toMatchObject({ status: 429, body: { code: 'tooManyInvitationMails' } });
    // nothing was created for the refused address, and a re-invite within the window takes no room
    expect(await mailsTo(sent[0]!)).toHaveLength(1);
    expect((await invite(o.id, [sent[0]!])).status).toBe(201);
    expect(await mailsTo(sent[0]!)).toHaveLength(1);
    // another folder has its own budget
    expect((await invite((await newOffer()).id, [uniqueMail('anderer')])).status).toBe(201);
  }, 180_000);

  it('re-inviting an address within 24 h updates its entry without a second mail; another folder mails it', async () => {
    const o = await newOffer();
    const mail = uniqueMail('wieder');
    await share(w.users.supplierAdmin.token, o.id, [{ email: mail, read: true, write: false }]);
    expect(await mailsTo(mail)).toHaveLength(1);
    expect((await unshare(o.id, mail)).body).toEqual({ removed: true });
    const again = await invite(o.id, [mail], true);
    expect(again).toMatchObject({ status: 201, body: [{ email: mail, read: true, write: true }] });
    expect(await mailsTo(mail)).toHaveLength(1);
    const stored = (await admin().db.collection('businessData').doc(o.id).get()).data()!;
    expect(stored.settings.visibilities).toEqual([{ email: mail, read: true, write: true }]);
    // the folder keeps only a hash of the address in its mail log
    expect(JSON.stringify(stored.invitationMails)).not.toContain(mail);
    await share(w.users.supplierAdmin.token, (await newOffer()).id, [{ email: mail, read: true, write: false }]);
    expect(await mailsTo(mail)).toHaveLength(2);
  });
});

/** POST /offer/businessdata/check on the function's own URL (not through Hosting), with a client-set address. */
async function checkDirect(offerId: string, password: string, fastlyClientIp: string): Promise<ApiResponse> {
  const port = 5001 + Number(process.env.STACK_PORT_OFFSET ?? 0);
  const res = await fetch(`http://127.0.0.1:${port}/${PROJECT_ID}/europe-west3/api/api/offer/businessdata/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'fastly-client-ip': fastlyClientIp },
    body: JSON.stringify({ offerId, password }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() } as ApiResponse;
}

describe('the password link under a forged client address', () => {
  it('a flood with a new Fastly-Client-IP per request stays throttled but does not lock out a holder of the password', async () => {
    const o = await newOffer();
    const password = await openPasswordLink(w.users.supplierAdmin.token, o.id);
    const check = (body: Record<string, string>) =>
      post('/offer/businessdata/check', { body: { offerId: o.id, ...body } });
    const first = await check({ password });
    expect(first.status).toBe(200);
    const deviceToken = first.body.deviceToken as string;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (let i = 0; i < 50; i++)
      expect((await checkDirect(o.id, `falsch-${i}`, `203.0.113.${i + 1}`)).status).toBe(403);
    // the folder-wide limit holds: for a new forged address, and for the right password without a device token
    expect((await checkDirect(o.id, 'falsch-x', '198.51.100.1')).status).toBe(429);
    expect((await checkDirect(o.id, password, '198.51.100.2')).status).toBe(429);
    expect(await check({ password })).toMatchObject({ status: 429, body: { code: 'tooManyRequests' } });
    // the holder's device token: not refused by the folder-wide limit, answered back as it is
    const holder = await check({ password, deviceToken });
    expect(holder.status).toBe(200);
    expect(holder.body.deviceToken).toBe(deviceToken);
    // a device token is no folder token
    const listing = await call('GET', '/offer/businessdata/public', {
      query: { offerId: o.id },
      headers: { 'X-Folder-Token': deviceToken },
    });
    expect(listing.status).toBe(401);
    // wrong guesses with a device token are throttled per device token
    for (let i = 0; i < 10; i++) expect((await check({ password: `falsch-d${i}`, deviceToken })).status).toBe(403);
    expect((await check({ password, deviceToken })).status).toBe(429);
    expect((await check({ password, deviceToken: 'ausgedacht' })).status).toBe(429);
    await new ThrottlesRepository(admin().db).forget();
  }, 180_000);
});
