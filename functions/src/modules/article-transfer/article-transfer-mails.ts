import { compose, greeting, portalLink } from '../../platform/mail/compose.js';
import type { OutgoingMail } from '../../platform/mail/outbox.js';

/** The mail when a background article export has finished (German, through the outbox). */
export function exportFinishedMail(d: {
  to: { mail: string; name: string; lastname: string };
  fileName: string;
  articles: number;
  portalUrl: string;
}): OutgoingMail {
  return compose(
    d.to.mail,
    'Ihr Artikelexport ist fertig',
    [
      greeting(d.to.name, d.to.lastname),
      `Ihr Artikelexport „${d.fileName}“ ist fertig (${d.articles.toLocaleString('de-DE')} Artikel).`,
      'Sie finden die Datei in der Artikelliste unter „Letzte Exporte“.',
    ],
    { href: portalLink(d.portalUrl, '/article'), label: 'Zur Artikelliste' },
  );
}
