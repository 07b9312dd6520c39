import type { OutgoingMail } from '../../platform/mail/outbox.js';
import { compose, greeting, portalLink } from '../../platform/mail/compose.js';

/** The users area's mails: invitation, password reset, registrations awaiting release. */

/** The portal's e-mail-action link (the web's /action route verifies the code). */
export function resetPasswordUrl(portalUrl: string, oobCode: string): string {
  return portalLink(portalUrl, `/action?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`);
}

export function invitationMail(args: {
  to: string;
  name: string;
  lastname: string;
  companyName: string;
  link: string;
}): OutgoingMail {
  return compose(
    args.to,
    'Ihr Zugang zum Schrankwerk-Portal',
    [
      greeting(args.name, args.lastname),
      `für Sie wurde ein Zugang zum Schrankwerk-Portal für die Firma ${args.companyName} angelegt. Ihre Anmelde-E-Mail-Adresse lautet ${args.to}.`,
      'Bitte legen Sie über den folgenden Link Ihr persönliches Passwort fest. Nach der ersten Anmeldung werden Sie gebeten, ein neues Passwort zu vergeben.',
    ],
    { href: args.link, label: 'Passwort festlegen' },
  );
}

export function passwordResetMail(args: { to: string; name?: string; lastname?: string; link: string }): OutgoingMail {
  return compose(
    args.to,
    'Passwort zurücksetzen – Schrankwerk-Portal',
    [
      greeting(args.name, args.lastname),
      'wir haben eine Anfrage zum Zurücksetzen Ihres Passworts für das Schrankwerk-Portal erhalten. Über den folgenden Link können Sie ein neues Passwort vergeben.',
      'Falls Sie diese Anfrage nicht gestellt haben, können Sie diese E-Mail ignorieren; Ihr bisheriges Passwort bleibt gültig.',
    ],
    { href: args.link, label: 'Neues Passwort vergeben' },
  );
}

export function registrationAwaitsReleaseMail(args: {
  to: string[];
  companyName: string;
  userName: string;
  mail: string;
  portalUrl: string;
}): OutgoingMail {
  return compose(
    args.to,
    `Neue Registrierung wartet auf Freigabe: ${args.companyName}`,
    [
      'Guten Tag,',
      `die Firma ${args.companyName} hat sich im Schrankwerk-Portal registriert (Ansprechpartner: ${args.userName}, ${args.mail}).`,
      'Bitte prüfen Sie die Angaben, vergeben Sie eine Kundennummer und geben Sie die Firma in der Firmenverwaltung frei.',
    ],
    { href: portalLink(args.portalUrl, '/company'), label: 'Zur Firmenverwaltung' },
  );
}

/**
 * The platform admins' digest of new registrations (at most one per interval, modules/users/
 * registration-digest.task.ts). One registration reads like the single notice; several are listed.
 */
export function registrationDigestMail(args: {
  to: string[];
  registrations: Array<{ companyName: string; userName: string; mail: string }>;
  portalUrl: string;
}): OutgoingMail {
  const [first, ...rest] = args.registrations;
  if (first && !rest.length) return registrationAwaitsReleaseMail({ to: args.to, ...first, portalUrl: args.portalUrl });
  const n = args.registrations.length;
  return compose(
    args.to,
    `${n} neue Registrierungen warten auf Freigabe`,
    [
      'Guten Tag,',
      `seit der letzten Benachrichtigung haben sich ${n} Firmen im Schrankwerk-Portal registriert:`,
      ...args.registrations.map((r) => `– ${r.companyName} (Ansprechpartner: ${r.userName}, ${r.mail})`),
      'Bitte prüfen Sie die Angaben, vergeben Sie Kundennummern und geben Sie die Firmen in der Firmenverwaltung frei.',
    ],
    { href: portalLink(args.portalUrl, '/company'), label: 'Zur Firmenverwaltung' },
  );
}
