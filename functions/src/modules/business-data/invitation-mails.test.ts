import { describe, expect, it } from 'vitest';
import { mailKey, planInvitationMails, type InvitationMail } from './invitation-mails.js';

const limits = { perFolder: 3, windowMs: 24 * 60 * 60_000 };
const now = new Date('2026-06-15T10:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 60 * 60_000);
const plan = (log: InvitationMail[] | undefined, emails: string[]) => planInvitationMails(log, emails, now, limits);

describe('planInvitationMails', () => {
  it('mails every new address up to the limit and logs each by its hash', () => {
    const result = plan(undefined, ['a@x.de', 'b@x.de', 'c@x.de']);
    expect(result).not.toBe('refused');
    if (result === 'refused') return;
    expect([...result.mailTo]).toEqual(['a@x.de', 'b@x.de', 'c@x.de']);
    expect(result.log).toEqual(['a@x.de', 'b@x.de', 'c@x.de'].map((e) => ({ to: mailKey(e), at: now })));
    expect(JSON.stringify(result.log)).not.toContain('@');
  });

  it('refuses what would exceed the limit within the window, counting the mails already sent', () => {
    expect(plan(undefined, ['a@x.de', 'b@x.de', 'c@x.de', 'd@x.de'])).toBe('refused');
    const log = [
      { to: mailKey('a@x.de'), at: hoursAgo(1) },
      { to: mailKey('b@x.de'), at: hoursAgo(23) },
    ];
    expect(plan(log, ['c@x.de', 'd@x.de'])).toBe('refused');
    expect(plan(log, ['c@x.de'])).not.toBe('refused');
  });

  it('an address mailed within the window gets no new mail and takes no room; older mails leave the log', () => {
    const log = [
      { to: mailKey('a@x.de'), at: hoursAgo(2) },
      { to: mailKey('b@x.de'), at: hoursAgo(25) },
    ];
    const result = plan(log, ['a@x.de', 'b@x.de', 'c@x.de']);
    if (result === 'refused') throw new Error('refused');
    expect([...result.mailTo]).toEqual(['b@x.de', 'c@x.de']);
    expect(result.log).toEqual([
      { to: mailKey('a@x.de'), at: hoursAgo(2) },
      { to: mailKey('b@x.de'), at: now },
      { to: mailKey('c@x.de'), at: now },
    ]);
  });
});
