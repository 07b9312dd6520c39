import type { CompanyType } from './company.js';

// No yup here: the legal pages and the web's feature declarations read the versions and rules (schemas:
// model/consent-schemas.ts).

/**
 * The version of the terms of sale (AVB) in force: the date of their "Stand" (web/public/locales/de/legal.json
 * `avb`, whose stand line the legal page builds from this constant). Raising it asks every customer user to accept
 * the AVB again at his next sign-in (docs/decisions-api.md "Consent").
 */
export const AVB_VERSION = '2024-05-03';

/** The version of the privacy policy in force: the date of its "Stand" (legal.json `privacy`). */
export const PRIVACY_VERSION = '2025-05-22';

/** The documents a user accepts: the terms of sale and the privacy policy. */
export const CONSENT_DOCUMENTS = ['avb', 'privacy'] as const;
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number];

/** Each document's version in force. */
export const CURRENT_VERSIONS: Readonly<Record<ConsentDocument, string>> = {
  avb: AVB_VERSION,
  privacy: PRIVACY_VERSION,
};

/** The last version of one document a user accepted, and when (kept on the user). */
export interface AcceptedVersion {
  version: string;
  acceptedAt: Date;
}

/** What the user accepted last, per document (`users/{uid}.acceptedTerms`; absent: nothing on record). */
export type AcceptedTerms = Partial<Record<ConsentDocument, AcceptedVersion>>;

/**
 * One acceptance on record (`consents/{id}`): who accepted which version of which document, when, from which client
 * address, as a member of which company. Never changed or deleted: the proof stays with the company he accepted for,
 * also when the user moves or is deleted.
 */
export interface Consent {
  id: string;
  userId: string;
  companyId: string;
  /** the user's name and mail at the time (the record outlives a change of either) */
  userName: string;
  mail: string;
  document: ConsentDocument;
  version: string;
  acceptedAt: Date;
  /** the client address of the call (http/client-address.ts); absent when the front end sent none */
  clientAddress?: string;
}

/**
 * Whether the user must accept the AVB in force before he goes on: customers' users (the AVB make their company's
 * orders binding) whose last accepted version is older, or who have none on record (a colleague created by his
 * company's administrator). Suppliers, the platform's own company and external project-folder users are not bound
 * by them.
 */
export function avbConsentNeeded(user: { acceptedTerms?: AcceptedTerms }, companyType: CompanyType): boolean {
  return companyType === 'CUSTOMER' && user.acceptedTerms?.avb?.version !== AVB_VERSION;
}

/**
 * Who may read acceptances (GET /user/consents): the platform administrator any company's or user's, every other
 * caller only his own (his `userId`). Company administrators see on their users whether they accepted which version
 * (`acceptedTerms`), never the records with their client addresses.
 */
export function mayReadConsents(
  caller: { uid: string; platformAdmin: boolean },
  scope: { companyId?: string; userId?: string },
): boolean {
  return caller.platformAdmin || (!scope.companyId && scope.userId === caller.uid);
}
