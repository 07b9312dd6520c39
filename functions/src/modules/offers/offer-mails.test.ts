import { describe, expect, it } from 'vitest';
import {
  jobCancelledMail,
  jobDeliveredMail,
  jobFinishedMail,
  offerAcceptedMail,
  offerConfirmedMail,
  offerDeclinedMail,
  offerOutdatedMail,
  offerReleasedMail,
  orderLapsedMail,
  orderLapsedSupplierMail,
  orderReminderMail,
} from './offer-mails.js';

describe('offer mails', () => {
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
    const confirmed = offerConfirmedMail({ ...args, path: '/job/abc' });
    expect(confirmed.message.subject).toBe('Auftrag bestätigt: Schaltschrank <SR-12>');
    // one pair of brackets, never nested (issue 19)
    expect(confirmed.message.text).toContain(
      'hat Ihren Auftrag zum Angebot WSA-1 (Version 2) zur Anfrage „Schaltschrank <SR-12>“ (Referenz',
    );
    expect(confirmed.message.text).not.toMatch(/\([^()]*\(/);
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

  it('writes the job-end and order-lapse mails (issue 32) with the day the order lapses in German', () => {
    const args = {
      to: 'x@y.de',
      offerNumber: 'WSA-1',
      version: 1,
      enquiryTitle: 'Schaltschrank SR-12',
      referenceNumber: 'MM-1',
      counterparty: 'Weber & Söhne',
      portalUrl: 'http://p',
      path: '/job/abc',
    };
    expect(jobDeliveredMail(args).message.subject).toBe('Auftrag geliefert: Schaltschrank SR-12');
    expect(jobDeliveredMail(args).message.text).toContain('Zum Job: http://p/job/abc');
    expect(jobFinishedMail(args).message.subject).toBe('Auftrag abgeschlossen: Schaltschrank SR-12');
    const cancelled = jobCancelledMail({ ...args, cancellationReason: 'Projekt gestoppt' });
    expect(cancelled.message.subject).toBe('Auftrag storniert: Schaltschrank SR-12');
    expect(cancelled.message.text).toContain('Grund: Projekt gestoppt');
    // 23:30 UTC on 2 April is 3 April in Germany
    const reminder = orderReminderMail({ ...args, path: '/order/abc', lapseDate: new Date('2026-04-02T23:30:00Z') });
    expect(reminder.message.subject).toBe('Erinnerung: Bestellung bestätigen – Angebot WSA-1');
    expect(reminder.message.text).toContain('bis zum 03.04.2026');
    expect(reminder.message.text).toContain('http://p/order/abc');
    const lapsed = orderLapsedMail({ ...args, enquiryId: 'e1' });
    expect(lapsed.message.subject).toBe('Bestellung verfallen: Schaltschrank SR-12');
    expect(lapsed.message.text).toContain('Zu den Angeboten: http://p/enquiry/e1/offers');
    expect(orderLapsedSupplierMail(args).message.subject).toBe('Bestellung verfallen: Angebot WSA-1');
  });
});
