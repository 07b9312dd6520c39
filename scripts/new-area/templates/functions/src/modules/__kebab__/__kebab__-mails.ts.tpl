import type { __Pascal__Record } from '../../model/__kebab__.js';
import { compose, greeting, portalLink } from '../../platform/mail/compose.js';
import type { OutgoingMail } from '../../platform/mail/outbox.js';

/** The __Label__ area's mails (German, through the outbox): the confirmation of a new record to its creator. */
export function __camel__CreatedMail(d: {
  contact: { mail: string; name: string; lastname: string };
  record: Pick<__Pascal__Record, 'id' | 'title'>;
  portalUrl: string;
}): OutgoingMail {
  return compose(
    d.contact.mail,
    `Neuer Eintrag: ${d.record.title}`,
    [greeting(d.contact.name, d.contact.lastname), `Ihr Eintrag „${d.record.title}“ wurde im Schrankwerk-Portal angelegt.`],
    { href: portalLink(d.portalUrl, `/__kebab__/${encodeURIComponent(d.record.id)}`), label: 'Zum Eintrag' },
  );
}
