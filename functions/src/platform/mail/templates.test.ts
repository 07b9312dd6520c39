import { describe, expect, it } from 'vitest';
import {
  companyReleasedMail,
  invitationMail,
  offerAcceptedMail,
  offerConfirmedMail,
  offerDeclinedMail,
  offerOutdatedMail,
  offerReleasedMail,
  passwordResetMail,
  registrationAwaitsReleaseMail,
  registrationDigestMail,
  resetPasswordUrl,
} from './templates.js';

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

  it('writes the offer mails in German with the counterparty, the offer and its portal link', () => {
    const args = {
      to: 'x@y.de',
      name: 'Petra',
      lastname: 'Müller',
      offerNumber: 'WSA-1',
      version: 2,
      enquiryTitle: 'Schaltschrank <SR-12>',
      referenceNumber: 'MM-1',
      counterparty: 'Weber & Söhne',
      portalUrl: 'http://p/',
      path: '/offer/abc',
    };
    const released = offerReleasedMail(args);
    expect(released.message.subject).toBe('Neues Angebot zu Ihrer Anfrage: Schaltschrank <SR-12>');
    expect(released.message.text).toContain('Guten Tag Petra Müller,');
    expect(released.message.text).toContain('das Angebot WSA-1 (Version 2)');
    expect(released.message.text).toContain('Zum Angebot: http://p/offer/abc');
    expect(released.message.html).toContain('Weber &amp; Söhne');
    expect(released.message.html).not.toContain('<SR-12>');
    expect(offerAcceptedMail({ ...args, path: '/order/abc' }).message.text).toContain('http://p/order/abc');
    expect(offerConfirmedMail({ ...args, path: '/job/abc' }).message.subject).toBe(
      'Auftrag bestätigt: Schaltschrank <SR-12>',
    );
    const declined = offerDeclinedMail({
      ...args,
      rejectionReason: 'INDIVIDUAL',
      rejectionReasonIndividual: 'zu spät',
    });
    expect(declined.message.text).toContain('Grund: Individueller Grund – zu spät');
    expect(offerDeclinedMail({ ...args, rejectionReason: 'PRICE_NOT_AS_EXPECTED' }).message.text).toContain(
      'Grund: Preis entspricht nicht den Erwartungen',
    );
    expect(offerOutdatedMail({ ...args, version: 1 }).message.subject).toBe('Ihr Angebot ist veraltet: WSA-1');
    expect(offerOutdatedMail({ ...args, version: 1 }).message.text).not.toContain('(Version');
  });
});
