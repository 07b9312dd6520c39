import type { OutgoingMail } from '../../platform/mail/outbox.js';
import { compose, greeting, portalLink } from '../../platform/mail/compose.js';

/** The companies area's mail: a registration was released. */

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
