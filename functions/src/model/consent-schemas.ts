import * as yup from 'yup';
import { CONSENT_DOCUMENTS } from './consent.js';
import { idSchema } from './id.js';
import { pageRequestSchema } from './paging.js';
import { line, VALIDATION_KEYS as V } from './validation.js';

/** The registration's two agreements (spec 01 §5: both required): `true` only, one message whatever else was sent. */
const agreement = (message: string) =>
  yup
    .mixed<true>((value): value is true => value === true)
    .typeError(message)
    .required(message);

/** The agreement fields of POST /user/register (and of the wizard's last step). */
export const registrationAgreementsSchema = yup.object({
  avbAccepted: agreement(V.acceptAvb),
  privacyAccepted: agreement(V.acceptPrivacy),
});

/**
 * POST /user/consent body: the signed-in user accepts the version of a document he was shown. A version other than
 * the one in force answers 409 `consentVersionOutdated` (his page shows an old text).
 */
export const consentAcceptSchema = yup.object({
  document: yup.string().typeError(V.type).oneOf(CONSENT_DOCUMENTS, V.oneOf).required(V.required),
  version: line(20).required(V.required),
});
export type ConsentAcceptInput = yup.InferType<typeof consentAcceptSchema>;

/** Sortable columns of GET /user/consents. */
const CONSENT_SORT_COLUMNS = ['acceptedAt'] as const;

/**
 * GET /user/consents query: the paging contract plus the scope, one company's (`companyId`) or one user's
 * (`userId`) acceptances; exactly one of the two.
 */
export const consentFilterSchema = pageRequestSchema(CONSENT_SORT_COLUMNS, {
  companyId: idSchema.optional(),
  userId: idSchema.optional(),
}).test('scope', V.required, (query, context) => {
  if (!query.companyId === !query.userId) return context.createError({ path: 'companyId', message: V.required });
  return true;
});
export type ConsentFilter = yup.InferType<typeof consentFilterSchema>;
