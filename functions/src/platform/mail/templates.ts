import type { OutgoingMail } from './outbox.js';

/** German mail texts. Plain text and a minimal HTML twin; every inserted value is escaped. */

const SIGNATURE = 'Ihr Schrankwerk-Team\nSchrankwerk GmbH · Industriestraße 12 · 70565 Stuttgart';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function compose(
  to: string | string[],
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): OutgoingMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), SIGNATURE].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${escapeHtml(SIGNATURE).replace(/\n/g, '<br>')}</p>`,
  ].join('\n');
  return { to, message: { subject, text, html } };
}

function greeting(name?: string, lastname?: string): string {
  const full = [name, lastname].filter(Boolean).join(' ');
  return full ? `Guten Tag ${full},` : 'Guten Tag,';
}

/** A portal route (`path` starts with '/'); trailing slashes of the base are dropped. */
function portalLink(portalUrl: string, path: string): string {
  return `${portalUrl.replace(/\/+$/, '')}${path}`;
}

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

export function companyReleasedMail(args: {
  to: string;
  name: string;
  lastname: string;
  companyName: string;
  portalUrl: string;
}): OutgoingMail {
  return compose(
    args.to,
    'Ihr Zugang zum Schrankwerk-Portal ist freigeschaltet',
    [
      greeting(args.name, args.lastname),
      `die Registrierung der Firma ${args.companyName} wurde geprüft und freigegeben. Sie können das Schrankwerk-Portal ab sofort in vollem Umfang nutzen.`,
    ],
    { href: portalLink(args.portalUrl, '/login'), label: 'Zur Anmeldung' },
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

/** Spec 01 §9 rejection reasons, as a mail names them. */
const REJECTION_REASON_TEXTS: Record<string, string> = {
  PRICE_NOT_AS_EXPECTED: 'Preis entspricht nicht den Erwartungen',
  DELIVERY_TIME_OUTSIDE_EXPECTATIONS: 'Lieferzeit außerhalb der Erwartungen',
  OFFER_NOT_IN_LINE_WITH_REQUIREMENTS: 'Angebot entspricht nicht den Anforderungen',
  TECHNICAL_REQUIREMENTS_CHANGED: 'Technische Anforderungen haben sich geändert',
  PROJECT_NOT_REALIZED: 'Projekt wird nicht realisiert',
  INDIVIDUAL: 'Individueller Grund',
};

/** What every offer mail names: the offer, its enquiry and the counterparty. */
export interface OfferMailArgs {
  to: string;
  name?: string;
  lastname?: string;
  offerNumber: string;
  version: number;
  enquiryTitle: string;
  referenceNumber: string;
  /** the other company (supplier for the customer's mails, customer for the supplier's) */
  counterparty: string;
  portalUrl: string;
  /** the portal route of the offer (/offer/{id}, /order/{id} or /job/{id}) */
  path: string;
}

const offerName = (a: OfferMailArgs) => `${a.offerNumber}${a.version > 1 ? ` (Version ${a.version})` : ''}`;
const enquiryName = (a: OfferMailArgs) => `„${a.enquiryTitle}“ (Referenz ${a.referenceNumber})`;

/** An offer was released: to the enquiry's creator. */
export function offerReleasedMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Neues Angebot zu Ihrer Anfrage: ${a.enquiryTitle}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat Ihnen zu Ihrer Anfrage ${enquiryName(a)} das Angebot ${offerName(a)} gesendet.`,
      'Sie können das Angebot im Schrankwerk-Portal prüfen und annehmen oder ablehnen.',
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Angebot' },
  );
}

/** The customer accepted (ordered): to the offer's creator. */
export function offerAcceptedMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Auftrag erhalten: Angebot ${a.offerNumber}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat Ihr Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} angenommen und die Bestellung hochgeladen.`,
      'Bitte bestätigen Sie den Auftrag mit einer Auftragsbestätigung im Schrankwerk-Portal.',
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Auftrag' },
  );
}

/** The customer declined: to the offer's creator, with the reason. */
export function offerDeclinedMail(
  a: OfferMailArgs & { rejectionReason: string; rejectionReasonIndividual?: string },
): OutgoingMail {
  const reason = REJECTION_REASON_TEXTS[a.rejectionReason] ?? a.rejectionReason;
  return compose(
    a.to,
    `Angebot abgelehnt: ${a.offerNumber}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat Ihr Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} abgelehnt.`,
      `Grund: ${reason}${a.rejectionReasonIndividual ? ` – ${a.rejectionReasonIndividual}` : ''}`,
      'Sie können im Schrankwerk-Portal eine überarbeitete Version des Angebots erstellen.',
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Angebot' },
  );
}

/** The supplier confirmed the order: to the enquiry's creator. */
export function offerConfirmedMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Auftrag bestätigt: ${a.enquiryTitle}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat Ihren Auftrag zum Angebot ${offerName(a)} (Anfrage ${enquiryName(a)}) bestätigt. Die Auftragsbestätigung liegt im Schrankwerk-Portal.`,
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Job' },
  );
}

/** The customer uploaded a newer BOM or circuit diagram: to the creator of a live offer on the enquiry. */
export function offerOutdatedMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Ihr Angebot ist veraltet: ${a.offerNumber}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat zur Anfrage ${enquiryName(a)} eine neue Stückliste oder einen neuen Schaltplan hochgeladen. Ihr Angebot ${offerName(a)} beruht auf dem früheren Stand.`,
      'Bitte prüfen Sie die neuen Unterlagen und erstellen Sie gegebenenfalls eine überarbeitete Version Ihres Angebots.',
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Angebot' },
  );
}
