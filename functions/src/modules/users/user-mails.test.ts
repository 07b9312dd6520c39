import { describe, expect, it } from 'vitest';
import { companyReleasedMail } from '../companies/company-mails.js';
import {
  invitationMail,
  passwordResetMail,
  registrationAwaitsReleaseMail,
  registrationDigestMail,
  resetPasswordUrl,
} from './user-mails.js';

describe('mail templates', () => {
  it('builds the portal action link around the oobCode', () => {
    expect(resetPasswordUrl('https://portal.schrankwerk.de/', 'a b&c')).toBe(
      'https://portal.schrankwerk.de/action?mode=resetPassword&oobCode=a%20b%26c',
    );
  });

  it('writes German Trigger-Email messages with escaped HTML', () => {
    const mail = invitationMail({
      to: 'x@y.de',
      name: '<b>Max</b>',
      lastname: 'Müller',
      companyName: 'A & B GmbH',
      link: 'http://h/action?mode=resetPassword&oobCode=1',
    });
    expect(mail.to).toBe('x@y.de');
    expect(mail.message.subject).toBe('Ihr Zugang zum Schrankwerk-Portal');
    expect(mail.message.text).toContain('Guten Tag <b>Max</b> Müller,');
    expect(mail.message.text).toContain('http://h/action?mode=resetPassword&oobCode=1');
    expect(mail.message.html).toContain('&lt;b&gt;Max&lt;/b&gt;');
    expect(mail.message.html).toContain('A &amp; B GmbH');
    expect(mail.message.html).not.toContain('<b>');
    expect(passwordResetMail({ to: 'x@y.de', link: 'l' }).message.text).toMatch(/^Guten Tag,/);
    expect(
      registrationAwaitsReleaseMail({
        to: ['a@b.de'],
        companyName: 'Neu GmbH',
        userName: 'N N',
        mail: 'n@n.de',
        portalUrl: 'http://p',
      }).message.subject,
    ).toBe('Neue Registrierung wartet auf Freigabe: Neu GmbH');
    expect(
      companyReleasedMail({ to: 'n@n.de', name: 'N', lastname: 'M', companyName: 'Neu GmbH', portalUrl: 'http://p' })
        .message.text,
    ).toContain('freigegeben');
  });

  it('lists the registrations of a digest; one registration reads like the single notice', () => {
    const one = { companyName: 'Neu GmbH', userName: 'N N', mail: 'n@n.de' };
    expect(registrationDigestMail({ to: ['a@b.de'], registrations: [one], portalUrl: 'http://p' })).toEqual(
      registrationAwaitsReleaseMail({ to: ['a@b.de'], ...one, portalUrl: 'http://p' }),
    );
    const two = registrationDigestMail({
      to: ['a@b.de'],
      registrations: [one, { companyName: '<Zwei> & Co', userName: 'Z Z', mail: 'z@z.de' }],
      portalUrl: 'http://p/',
    });
    expect(two.message.subject).toBe('2 neue Registrierungen warten auf Freigabe');
    expect(two.message.text).toContain('– Neu GmbH (Ansprechpartner: N N, n@n.de)');
    expect(two.message.text).toContain('– <Zwei> & Co (Ansprechpartner: Z Z, z@z.de)');
    expect(two.message.text).toContain('Zur Firmenverwaltung: http://p/company');
    expect(two.message.html).toContain('&lt;Zwei&gt; &amp; Co');
  });
});
