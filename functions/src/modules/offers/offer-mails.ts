/**
 * The offers area's mails (release, accept, decline, confirm, outdated; a job delivered, finished or cancelled; an
 * order's reminder and lapse) and who gets them.
 */
import type { OutgoingMail } from '../../platform/mail/outbox.js';
import { compose, greeting, portalLink } from '../../platform/mail/compose.js';
import type { Offer } from '../../model/offer.js';
import type { OfferAction } from '../../model/offer-states.js';
import { offerRoute } from './offer-record.js';

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
  /** the enquiry's id (a mail linking to the enquiry) */
  enquiryId?: string;
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
      `${a.counterparty} hat Ihren Auftrag zum Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} bestätigt. Die Auftragsbestätigung liegt im Schrankwerk-Portal.`,
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

/** A date as a German mail names it (Europe/Berlin). */
const germanDate = (d: Date) =>
  d.toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });

/** The supplier reported the job delivered: to the enquiry's creator. */
export function jobDeliveredMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Auftrag geliefert: ${a.enquiryTitle}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat den Auftrag zum Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} als geliefert gemeldet.`,
      'Bitte prüfen Sie die Lieferung und schließen Sie den Auftrag im Schrankwerk-Portal ab.',
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Job' },
  );
}

/** The customer finished the job: to the offer's creator. */
export function jobFinishedMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Auftrag abgeschlossen: ${a.enquiryTitle}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat den Auftrag zum Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} abgeschlossen.`,
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Job' },
  );
}

/** The customer cancelled the job before its delivery: to the offer's creator, with the reason. */
export function jobCancelledMail(a: OfferMailArgs & { cancellationReason: string }): OutgoingMail {
  return compose(
    a.to,
    `Auftrag storniert: ${a.enquiryTitle}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat den Auftrag zum Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} storniert.`,
      `Grund: ${a.cancellationReason}`,
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Job' },
  );
}

/** The order still waits for the supplier's confirmation: to the offer's creator, with the day it lapses. */
export function orderReminderMail(a: OfferMailArgs & { lapseDate: Date }): OutgoingMail {
  return compose(
    a.to,
    `Erinnerung: Bestellung bestätigen – Angebot ${a.offerNumber}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat Ihr Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} angenommen. Die Bestellung ist noch nicht bestätigt.`,
      `Bitte bestätigen Sie den Auftrag bis zum ${germanDate(a.lapseDate)} mit einer Auftragsbestätigung. Danach verfällt die Bestellung, und der Kunde kann ein anderes Angebot annehmen.`,
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zum Auftrag' },
  );
}

/** The order lapsed unconfirmed: to the enquiry's creator (his enquiry takes the other offers again). */
export function orderLapsedMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Bestellung verfallen: ${a.enquiryTitle}`,
    [
      greeting(a.name, a.lastname),
      `${a.counterparty} hat Ihre Bestellung zum Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} nicht innerhalb von zwei Wochen bestätigt. Die Bestellung ist verfallen; Sie sind nicht mehr an sie gebunden.`,
      'Ihre Anfrage ist wieder offen: Sie können ein anderes Angebot annehmen.',
    ],
    { href: portalLink(a.portalUrl, `/enquiry/${a.enquiryId ?? ''}/offers`), label: 'Zu den Angeboten' },
  );
}

/** The order lapsed unconfirmed: to the offer's creator. */
export function orderLapsedSupplierMail(a: OfferMailArgs): OutgoingMail {
  return compose(
    a.to,
    `Bestellung verfallen: Angebot ${a.offerNumber}`,
    [
      greeting(a.name, a.lastname),
      `Die Bestellung von ${a.counterparty} zu Ihrem Angebot ${offerName(a)} zur Anfrage ${enquiryName(a)} wurde nicht innerhalb von zwei Wochen bestätigt und ist verfallen.`,
    ],
    { href: portalLink(a.portalUrl, a.path), label: 'Zur Bestellung' },
  );
}

/**
 * Who gets which offer mail (docs/decisions-offers.md): each method builds the mail to one user of the other
 * side, or nothing when that account is gone. The service writes it in the transition's transaction.
 */
export class OfferMailer {
  constructor(
    private readonly d: {
      users: { get(id: string): Promise<{ mail: string; name: string; lastname: string } | undefined> };
      portalUrl: string;
    },
  ) {}

  private async to(
    userId: string,
    offer: Offer,
    counterparty: string,
    build: (args: OfferMailArgs) => OutgoingMail,
  ): Promise<OutgoingMail | undefined> {
    const user = await this.d.users.get(userId);
    if (!user) return undefined;
    return build({
      to: user.mail,
      name: user.name,
      lastname: user.lastname,
      offerNumber: offer.offerNumber,
      version: offer.version,
      enquiryTitle: offer.enquiryTitle,
      referenceNumber: offer.referenceNumber,
      counterparty,
      portalUrl: this.d.portalUrl,
      path: offerRoute(offer),
    });
  }

  /** released: to the enquiry's creator */
  released(offer: Offer, enquiryCreator: string) {
    return this.to(enquiryCreator, offer, offer.supplierName, offerReleasedMail);
  }

  /** accepted: to the offer's creator */
  accepted(offer: Offer) {
    return this.to(offer.createdBy, offer, offer.customerName, offerAcceptedMail);
  }

  /** declined, with the reason: to the offer's creator */
  declined(offer: Offer) {
    return this.to(offer.createdBy, offer, offer.customerName, (a) =>
      offerDeclinedMail({
        ...a,
        rejectionReason: offer.rejectionReason!,
        rejectionReasonIndividual: offer.rejectionReasonIndividual,
      }),
    );
  }

  /** confirmed: to the enquiry's creator */
  confirmed(offer: Offer, enquiryCreator: string) {
    return this.to(enquiryCreator, offer, offer.supplierName, offerConfirmedMail);
  }

  /** outdated by a newer BOM or circuit diagram: to the offer's creator */
  outdated(offer: Offer, customerName: string) {
    return this.to(offer.createdBy, offer, customerName, offerOutdatedMail);
  }

  /** The mail of a caller's state change (statechange), built on the offer after it: to the other side. */
  stateChanged(action: OfferAction, offer: Offer, enquiryCreator: string) {
    switch (action) {
      case 'accept':
        return this.accepted(offer);
      case 'decline':
        return this.declined(offer);
      case 'confirm':
        return this.confirmed(offer, enquiryCreator);
      case 'deliver':
        return this.to(enquiryCreator, offer, offer.supplierName, jobDeliveredMail);
      case 'finish':
        return this.to(offer.createdBy, offer, offer.customerName, jobFinishedMail);
      case 'cancel':
        return this.to(offer.createdBy, offer, offer.customerName, (a) =>
          jobCancelledMail({ ...a, cancellationReason: offer.cancellationReason ?? '' }),
        );
      default:
        return Promise.resolve(undefined);
    }
  }

  /** an ACCEPTED order's reminder: to the offer's creator */
  orderReminder(offer: Offer) {
    return this.to(offer.createdBy, offer, offer.customerName, (a) =>
      orderReminderMail({ ...a, lapseDate: offer.lapseDate ?? new Date() }),
    );
  }

  /** a lapsed order: to the enquiry's creator and to the offer's creator */
  async orderLapsed(offer: Offer, enquiryCreator: string): Promise<OutgoingMail[]> {
    const mails = [
      await this.to(enquiryCreator, offer, offer.supplierName, (a) =>
        orderLapsedMail({ ...a, enquiryId: offer.enquiryId }),
      ),
      await this.to(offer.createdBy, offer, offer.customerName, orderLapsedSupplierMail),
    ];
    return mails.filter((m): m is OutgoingMail => !!m);
  }
}
