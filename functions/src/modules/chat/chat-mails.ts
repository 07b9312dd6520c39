import type { Message } from '../../model/chat.js';
import { compose, greeting, portalLink } from '../../platform/mail/compose.js';
import type { OutgoingMail } from '../../platform/mail/outbox.js';

/** The chat's mails (German, through the outbox): the digest of unread messages. */
export function chatDigestMail(d: {
  contact: { mail: string; name: string; lastname: string };
  /** the newest unread messages (newest first) */
  messages: readonly Message[];
  /** there are more than these */
  more: boolean;
  portalUrl: string;
}): OutgoingMail {
  const n = d.messages.length;
  const lines = d.messages.map((m) => {
    const text = m.content ? m.content.replace(/\s+/g, ' ').slice(0, 200) : '(Dateianhang)';
    return `${m.title} – ${m.userFullName} (${m.companyName}): ${text}`;
  });
  const more = d.more ? ['… und weitere.'] : [];
  return compose(
    d.contact.mail,
    n === 1 && !d.more
      ? 'Sie haben 1 ungelesene Nachricht'
      : `Sie haben ${d.more ? 'mehr als ' : ''}${n} ungelesene Nachrichten`,
    [
      greeting(d.contact.name, d.contact.lastname),
      n === 1 && !d.more
        ? 'im Schrankwerk-Portal wartet eine ungelesene Nachricht auf Sie:'
        : 'im Schrankwerk-Portal warten ungelesene Nachrichten auf Sie:',
      ...lines,
      ...more,
      'Diese Zusammenfassung können Sie in Ihrem Profil abschalten.',
    ],
    { href: portalLink(d.portalUrl, '/messages'), label: 'Zu den Nachrichten' },
  );
}

/** The supplement notice's text (a chat message from the customer's user to each supplier who has the enquiry). */
export function supplementNoticeText(fileName: string, fromChat: boolean): string {
  return (
    `Ergänzendes Dokument zur Anfrage hinzugefügt: ${fileName}${fromChat ? ' (aus dem Chat)' : ''}. ` +
    'Sie finden es bei der Anfrage unter „Ergänzende Dokumente“; Ihr Angebot bleibt aktuell.'
  );
}

/** A supplementary document on a released enquiry: to each user of a supplier who has the enquiry. */
export function supplementMail(d: {
  contact: { mail: string; name: string; lastname: string };
  enquiry: { id: string; title: string; customerName: string };
  fileName: string;
  fromChat: boolean;
  portalUrl: string;
}): OutgoingMail {
  return compose(
    d.contact.mail,
    `Ergänzendes Dokument zur Anfrage „${d.enquiry.title}“`,
    [
      greeting(d.contact.name, d.contact.lastname),
      `${d.enquiry.customerName} hat der Anfrage „${d.enquiry.title}“ ein ergänzendes Dokument hinzugefügt: ` +
        `${d.fileName}${d.fromChat ? ' (aus dem Chat)' : ''}.`,
      'Stückliste und Schaltplan sind unverändert; Ihr Angebot bleibt aktuell.',
    ],
    { href: portalLink(d.portalUrl, `/enquiry/${encodeURIComponent(d.enquiry.id)}`), label: 'Zur Anfrage' },
  );
}
