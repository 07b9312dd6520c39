import { compose, portalLink } from '../../platform/mail/compose.js';
import type { OutgoingMail } from '../../platform/mail/outbox.js';

/** The project folder's mails (German, through the outbox): invitations. */

export interface FolderInvitation {
  to: string;
  referenceNumber: string;
  offerNumber: string;
  /** who shared it: the inviting admin's company */
  companyName: string;
  offerId: string;
  endDate?: string;
  portalUrl: string;
}

/** The portal's invitation sign-in of a folder (`/business-data/invite/{offerId}`). */
function inviteUrl(portalUrl: string, offerId: string): string {
  return portalLink(portalUrl, `/business-data/invite/${encodeURIComponent(offerId)}`);
}

function until(endDate: string | undefined): string {
  if (!endDate) return '';
  const [y, m, d] = endDate.split('-');
  return ` Die Freigabe gilt bis einschließlich ${d}.${m}.${y}.`;
}

function subject(i: FolderInvitation): string {
  return `Projektordner freigegeben: ${i.referenceNumber}`;
}

/** A new EXTERNAL account: first set a password (mail action link), then sign in at the folder's invitation page. */
export function newInviteeMail(i: FolderInvitation, setPasswordLink: string): OutgoingMail {
  return compose(
    i.to,
    subject(i),
    [
      'Guten Tag,',
      `${i.companyName} hat Ihnen im Schrankwerk-Portal den Projektordner zum Vorgang ${i.referenceNumber} (Angebot ${i.offerNumber}) freigegeben.${until(i.endDate)}`,
      `Für Sie wurde dazu ein Zugang mit Ihrer E-Mail-Adresse ${i.to} angelegt. Bitte legen Sie zuerst über den ersten Link Ihr Passwort fest und melden Sie sich danach über den zweiten Link an.`,
    ],
    [
      { href: setPasswordLink, label: 'Passwort festlegen' },
      { href: inviteUrl(i.portalUrl, i.offerId), label: 'Zum Projektordner' },
    ],
  );
}

/** An invitee who has an EXTERNAL account already: the folder's link. */
export function existingInviteeMail(i: FolderInvitation): OutgoingMail {
  return compose(
    i.to,
    subject(i),
    [
      'Guten Tag,',
      `${i.companyName} hat Ihnen im Schrankwerk-Portal den Projektordner zum Vorgang ${i.referenceNumber} (Angebot ${i.offerNumber}) freigegeben.${until(i.endDate)}`,
      'Sie melden sich mit Ihrem bestehenden Zugang an.',
    ],
    { href: inviteUrl(i.portalUrl, i.offerId), label: 'Zum Projektordner' },
  );
}
