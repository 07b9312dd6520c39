import { describe, expect, it } from 'vitest';
import { Ledger } from './load-ledger.js';
import { compareRecord, outcomeOf, routeOf, RouteStats } from './load-stats.js';

describe('routeOf', () => {
  it('groups calls by method and path without the query', () => {
    expect(routeOf('get', '/enquiry/filter?page=0&title=Schalt')).toBe('GET /enquiry/filter');
    expect(routeOf('POST', '/api/offer/statechange?offerId=abc&state=ACCEPTED')).toBe('POST /offer/statechange');
    expect(routeOf('GET', '/file/')).toBe('GET /file/');
  });

  it('writes id-like segments as :id and keeps words', () => {
    expect(routeOf('GET', '/offer/4fJ8kq2LmN0pQrStUv1w/businessdata')).toBe('GET /offer/:id/businessdata');
    expect(routeOf('GET', '/conversation/message/unread')).toBe('GET /conversation/message/unread');
  });
});

describe('outcomeOf', () => {
  it('tells expected, allowed, unexpected and server answers apart', () => {
    expect(outcomeOf(201, [201])).toBe('ok');
    expect(outcomeOf(409, [200], [409])).toBe('allowed');
    expect(outcomeOf(403, [200], [409])).toBe('unexpected');
    expect(outcomeOf(200, [201])).toBe('unexpected');
    expect(outcomeOf(500, [500])).toBe('serverError');
    expect(outcomeOf(0, [200])).toBe('serverError');
  });
});

describe('RouteStats', () => {
  it('gives count, p50, p95, max and the faults per route, most called first', () => {
    const stats = new RouteStats();
    for (let i = 1; i <= 20; i++) stats.record('GET /enquiry/filter', i, 'ok');
    stats.record('POST /enquiry/', 7, 'serverError', '500 internal');
    stats.record('POST /enquiry/', 3, 'allowed');
    stats.record('POST /enquiry/', 5, 'unexpected', '403 forbidden');
    const [list, create] = stats.figures();
    expect(list).toEqual({
      route: 'GET /enquiry/filter',
      count: 20,
      p50: 10,
      p95: 19,
      max: 20,
      serverErrors: 0,
      unexpected: 0,
      allowed: 0,
    });
    expect(create).toMatchObject({ count: 3, p50: 5, max: 7, serverErrors: 1, unexpected: 1, allowed: 1 });
    expect(stats.faults).toEqual(['POST /enquiry/: 500 internal', 'POST /enquiry/: 403 forbidden']);
  });
});

describe('compareRecord', () => {
  it('is empty for a record as expected (extra fields ignored)', () => {
    const expected = { state: 'CONFIRMED', released: true, order: { offerId: 'o1', confirmed: true } };
    const actual = { ...expected, order: { offerId: 'o1', confirmed: true }, title: 'x' };
    expect(compareRecord('offer', 'o1', expected, actual)).toEqual([]);
  });

  it('names each field in another state, and a record not found', () => {
    expect(
      compareRecord('offer', 'o1', { state: 'CONFIRMED', released: true }, { state: 'ACCEPTED', released: true }),
    ).toEqual(['offer o1: state expected "CONFIRMED" got "ACCEPTED"']);
    expect(compareRecord('conversation', 'c1', { messages: 3 }, { messages: 2 })).toEqual([
      'conversation c1: messages expected 3 got 2',
    ]);
    expect(compareRecord('enquiry', 'e1', { released: true }, undefined)).toEqual(['enquiry e1: not found']);
  });

  it('treats an absent field as different from a present one', () => {
    expect(compareRecord('enquiry', 'e1', { order: undefined }, { order: { offerId: 'o1' } })).toHaveLength(1);
    expect(compareRecord('enquiry', 'e1', { order: undefined }, {})).toEqual([]);
  });
});

describe('Ledger', () => {
  it('hands out work once: one offer per supplier and enquiry, an enquiry being accepted to nobody else', () => {
    const ledger = new Ledger();
    const enquiry = ledger.addEnquiry('e1', 'c1');
    expect(ledger.claimOffer('s1', 'e1')).toBe(false); // a draft
    enquiry.released = true;
    expect(ledger.claimOffer('s1', 'e1')).toBe(true);
    expect(ledger.claimOffer('s1', 'e1')).toBe(false);
    expect(ledger.claimOffer('s2', 'e1')).toBe(true);
    const offer = ledger.addOffer('o1', enquiry, 's1');
    expect(ledger.acceptable('c1')).toBeUndefined(); // not released
    offer.released = true;
    expect(ledger.acceptable('c1')).toBe(offer);
    expect(ledger.acceptable('c2')).toBeUndefined();
    enquiry.accepting = true;
    expect(ledger.acceptable('c1')).toBeUndefined();
  });

  it('keeps zip downloads per folder and user below the throttle', () => {
    const ledger = new Ledger();
    const offer = ledger.addOffer('o1', ledger.addEnquiry('e1', 'c1'), 's1');
    offer.state = 'CONFIRMED';
    offer.folderFiles = 1;
    // an upload in flight is not yet a file to zip (the folder would answer no items)
    expect(ledger.folderToDownload('c1', 'u1')).toBeUndefined();
    offer.folderFilesStored = 1;
    const picks = Array.from({ length: 30 }, () => ledger.folderToDownload('c1', 'u1')).filter(Boolean);
    expect(picks).toHaveLength(8);
    expect(ledger.folderToDownload('c1', 'u2')).toBe(offer);
  });
});
