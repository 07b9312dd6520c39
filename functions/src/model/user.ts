import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import type { ChangeEntry, Company, CompanyType } from './company.js';
import type { AcceptedTerms } from './consent.js';
import { registrationAgreementsSchema } from './consent-schemas.js';
import { registrationCompanySchema } from './company.js';
import { bodyIdSchema, ID_PATTERN, optionalBodyIdSchema } from './id.js';
import { commaList, pageRequestSchema } from './paging.js';
import { flag, line, lowerCaseLine, VALIDATION_KEYS as V, withLimits } from './validation.js';

/** The users area's error codes (`mailExternal` is the 200 answer of POST /user/ for an external party's mail). */
export const USER_ERRORS = defineErrors({
  mailInUse: { status: 409, message: 'E-mail already in use' },
  mailExternal: 200,
  companyNotActive: { status: 412, message: 'Company is not active' },
  lastPlatformAdmin: { status: 412, message: 'The last platform administrator cannot be removed' },
  consentVersionOutdated: { status: 409, message: 'This version is no longer in force' },
});

export const PASSWORD_MIN_LENGTH = 6;
/** Spec 3: phone numbers consist of digits, plus and minus only. */
const PHONE_PATTERN = /^[0-9+-]+$/;

export interface User {
  id: string;
  name: string;
  lastname: string;
  mail: string;
  phoneNumber: string;
  /**
   * Spec 01 §3: how the user's managers designate him (e.g. his role or cost centre at the customer); optional,
   * set by his managers only, read by whoever may read the user (docs/decisions-api.md "Users").
   */
  customerDesignation?: string;
  admin: boolean;
  companyId: string;
  company?: Company;
  permissions: string[];
  passwordChangeNeeded: boolean;
  loginCounter: number;
  lastLoginAt?: Date;
  /** The versions of the AVB and the privacy policy he accepted last (model/consent.ts; the records: `consents`). */
  acceptedTerms?: AcceptedTerms;
  createDate?: Date;
  lastUpdate?: Date;
  changeEntries?: ChangeEntry[];
}

/**
 * Why a signed-in caller is limited to the profile calls (docs/api.md "Restricted callers"):
 * the initial password must be changed first, or the company still awaits release.
 */
export type Restriction = 'passwordChangeNeeded' | 'registrationPending';

/** What the API knows about the caller on every request (read from Firestore, not from claims). */
export interface Principal {
  uid: string;
  user: User;
  company: Company;
  companyType: CompanyType;
  admin: boolean;
  /** A platform administrator: admin-company user with the admin flag. */
  platformAdmin: boolean;
  /** Set when only the restricted calls are allowed. */
  restriction?: Restriction;
}

const required = V.required;

/** Person names: at most 100 characters, no control or bidi-override characters. */
const PERSON_NAME_MAX_LENGTH = 100;
const personName = () => line(PERSON_NAME_MAX_LENGTH).required(required);

export const mailSchema = lowerCaseLine(254).email(V.email).required(required);
const passwordSchema = yup
  .string()
  .typeError(V.type)
  .nonNullable(V.type)
  .transform((_value: unknown, original: unknown) => original)
  .min(PASSWORD_MIN_LENGTH, withLimits(V.passwordMin))
  .max(128, withLimits(V.maxLength))
  .required(required);
const phoneSchema = line(40).matches(PHONE_PATTERN, V.phone).required(required);
const CUSTOMER_DESIGNATION_MAX_LENGTH = 100;

/** The user form (/user/:id). companyId is required for the admin company, forced otherwise. */
export const userSchema = yup.object({
  id: optionalBodyIdSchema,
  name: personName(),
  lastname: personName(),
  mail: mailSchema,
  phoneNumber: phoneSchema,
  customerDesignation: line(CUSTOMER_DESIGNATION_MAX_LENGTH).optional(),
  admin: flag().default(false),
  companyId: optionalBodyIdSchema,
});
export type UserInput = yup.InferType<typeof userSchema>;

/** POST /user/update body: the user form with its id; `admin` omitted leaves the flag unchanged. */
export const userUpdateSchema = userSchema.shape({
  id: bodyIdSchema,
  admin: flag().optional(),
});
export type UserUpdateInput = yup.InferType<typeof userUpdateSchema>;

export const registrationUserSchema = yup.object({
  name: personName(),
  lastname: personName(),
  phoneNumber: phoneSchema,
  mail: mailSchema,
  password: passwordSchema,
});

/** POST /user/register body: the user, his company and the two agreements (both `true`, model/consent.ts). */
export const registrationSchema = registrationAgreementsSchema.shape({
  user: registrationUserSchema.typeError(V.type).nonNullable(V.type).required(required),
  company: registrationCompanySchema.typeError(V.type).nonNullable(V.type).required(required),
});
export type RegistrationInput = yup.InferType<typeof registrationSchema>;

/** Wizard step 2 and the reset form: the repeat must equal the password. */
export const passwordRepeatSchema = yup.object({
  password: passwordSchema,
  passwordRepeat: yup
    .string()
    .typeError(V.type)
    .oneOf([yup.ref('password')], V.passwordMismatch)
    .required(required),
});

/** POST /user/password/reset body: a signed-in user sets a new password (first login or change). */
export const passwordChangeSchema = yup.object({
  mail: mailSchema,
  password: passwordSchema,
});

/** A user in API answers: with its company (full for single reads; id, name and type in lists). */
export type UserView = Omit<User, 'company'> & { company?: Partial<Company> };

/** Sortable columns of GET /user/filter (each backed by an index in firestore.indexes.json). */
export const USER_SORT_COLUMNS = ['lastname', 'name', 'mail', 'companyName', 'loginCounter', 'lastLoginAt'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
/** At most this many companies in one /user/filter request (Firestore's `in` limit). */
export const MAX_COMPANY_FILTER = 30;

/** GET /user/filter query: the paging contract plus free-text `search` and `companyIds` (comma-joined ids). */
export const userFilterSchema = pageRequestSchema(USER_SORT_COLUMNS, {
  search: yup.string().typeError(V.type).trim(V.type).max(100, withLimits(V.maxLength)).optional(),
  companyIds: commaList(
    yup.string().typeError(V.type).matches(ID_PATTERN, V.id).required(required),
    MAX_COMPANY_FILTER,
  ),
});
export type UserFilter = yup.InferType<typeof userFilterSchema>;
