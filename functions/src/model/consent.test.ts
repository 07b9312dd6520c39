import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as yup from 'yup';
import { AVB_VERSION, avbConsentNeeded, mayReadConsents, PRIVACY_VERSION } from './consent.js';
import { consentAcceptSchema, consentFilterSchema, registrationAgreementsSchema } from './consent-schemas.js';
import { registrationSchema } from './user.js';

const common = JSON.parse(
  readFileSync(new URL('../../../web/public/locales/de/common.json', import.meta.url), 'utf8'),
) as { validation: Record<string, string> };
const legal = JSON.parse(readFileSync(new URL('../../../web/public/locales/de/legal.json', import.meta.url), 'utf8'));

/** [path, message key] of every failure. */
const failures = (schema: yup.AnySchema, value: unknown) =>
  schema.validate(value, { abortEarly: false, stripUnknown: true }).then(
    () => [],
    (e: yup.ValidationError) => e.inner.map((i) => [i.path, i.message]),
  );

describe('the registration agreements', () => {
  it('both are required and true only, each with its German message', async () => {
    const both = [
      ['avbAccepted', 'validation.acceptAvb'],
      ['privacyAccepted', 'validation.acceptPrivacy'],
    ];
    expect(await failures(registrationAgreementsSchema, {})).toEqual(both);
    expect(await failures(registrationAgreementsSchema, { avbAccepted: false, privacyAccepted: false })).toEqual(both);
    expect(await failures(registrationAgreementsSchema, { avbAccepted: 'true', privacyAccepted: 1 })).toEqual(both);
    expect(await failures(registrationAgreementsSchema, { avbAccepted: true, privacyAccepted: true })).toEqual([]);
    expect(common.validation.acceptAvb).toBe('Bitte akzeptieren Sie die Allgemeinen Verkaufsbedingungen (AVB).');
    expect(common.validation.acceptPrivacy).toBe('Bitte stimmen Sie der Datenschutzerklärung zu.');
  });

  it('are part of the registration body', async () => {
    const body = {
      user: { name: 'A', lastname: 'B', phoneNumber: '1', mail: 'a@b.de', password: 'geheim1' },
      company: { name: 'F', address: { street: 'S', houseNo: '1', zip: '1', city: 'C' } },
    };
    expect(await failures(registrationSchema, { ...body, avbAccepted: true })).toEqual([
      ['privacyAccepted', 'validation.acceptPrivacy'],
    ]);
    expect(await failures(registrationSchema, { ...body, avbAccepted: true, privacyAccepted: true })).toEqual([]);
  });
});

describe('the consent calls', () => {
  it('accepting names a known document and a version', async () => {
    expect(await failures(consentAcceptSchema, { document: 'avb', version: AVB_VERSION })).toEqual([]);
    expect(await failures(consentAcceptSchema, { document: 'agb', version: '1' })).toEqual([
      ['document', 'validation.oneOf'],
    ]);
    expect(await failures(consentAcceptSchema, { document: 'avb' })).toEqual([['version', 'validation.required']]);
  });

  it('reading takes exactly one scope', async () => {
    expect(await failures(consentFilterSchema, { companyId: 'c1' })).toEqual([]);
    expect(await failures(consentFilterSchema, { userId: 'u1' })).toEqual([]);
    expect(await failures(consentFilterSchema, {})).toEqual([['companyId', 'validation.required']]);
    expect(await failures(consentFilterSchema, { companyId: 'c1', userId: 'u1' })).toEqual([
      ['companyId', 'validation.required'],
    ]);
    expect(await failures(consentFilterSchema, { companyId: 'c1', column: 'mail' })).toEqual([
      ['column', 'validation.oneOf'],
    ]);
  });
});

describe('the rules', () => {
  const accepted = (version: string) => ({ acceptedTerms: { avb: { version, acceptedAt: new Date() } } });

  it("a customer's user is asked when his AVB are older or none are on record; nobody else is", () => {
    expect(avbConsentNeeded(accepted(AVB_VERSION), 'CUSTOMER')).toBe(false);
    expect(avbConsentNeeded(accepted('2023-01-16'), 'CUSTOMER')).toBe(true);
    expect(avbConsentNeeded({}, 'CUSTOMER')).toBe(true);
    for (const type of ['SUPPLIER', 'ADMIN', 'EXTERNAL'] as const) expect(avbConsentNeeded({}, type)).toBe(false);
  });

  it('the platform administrator reads any acceptances, everybody else his own', () => {
    const admin = { uid: 'a', platformAdmin: true };
    const user = { uid: 'u', platformAdmin: false };
    expect(mayReadConsents(admin, { companyId: 'c' })).toBe(true);
    expect(mayReadConsents(admin, { userId: 'u' })).toBe(true);
    expect(mayReadConsents(user, { userId: 'u' })).toBe(true);
    expect(mayReadConsents(user, { userId: 'x' })).toBe(false);
    expect(mayReadConsents(user, { companyId: 'c' })).toBe(false);
    expect(mayReadConsents(user, { companyId: 'c', userId: 'u' })).toBe(false);
  });

  it('the versions are days, and the legal pages build their "Stand" from them', () => {
    for (const version of [AVB_VERSION, PRIVACY_VERSION]) expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(legal.avb.stand).toBe('Stand: {{date}}');
    expect(legal.privacy.stand).toBe('Stand: {{date}}');
  });
});
