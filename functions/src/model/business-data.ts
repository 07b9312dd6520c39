import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import { isIsoDate } from './enquiry.js';
import { bodyIdSchema, idSchema } from './id.js';
import type { OfferState } from './offer-states.js';
import { mailSchema, PASSWORD_MIN_LENGTH } from './user.js';
import { flag, line, VALIDATION_KEYS as V, withLimits } from './validation.js';

/**
 * The project folder of an offer ('Geschäftsdaten', business data; spec 01 §3 "Business data", §5 "Project folder",
 * §6, §7 `/offer/businessdata*`; issue 20). Isomorphic: the API decides with these rules and the web shows its
 * controls by them. Who may read and write: `permissions-business-data.ts`. Decisions:
 * docs/decisions-project-folder.md.
 */

/** The business-data area's error codes. */
export const BUSINESS_DATA_ERRORS = defineErrors({
  /** POST /offer/businessdata/check: the password is wrong (spec 8: 403) */
  wrongPassword: 403,
  /** check: anonymous access is off, or the offer is unknown or hidden (spec 8: 412; ids cannot be probed) */
  notAllowed: 412,
  /** an anonymous call whose folder token is unknown, expired, for another folder or outdated (password change) */
  folderTokenInvalid: 401,
  /** anonymous access cannot be on without a password */
  passwordRequired: 409,
  /** spec 5: at least 6 characters */
  shortPassword: 400,
  /** spec 5: the repeat differs */
  passwordMismatch: 400,
  /** an invitation's end date lies in the past (Europe/Berlin) */
  endDateInPast: 400,
  /** an invitation that may write must also read */
  writeWithoutRead: 400,
  /** the same address twice in one call */
  duplicateInvitations: 400,
  /** FOLDER_MAX_INVITATIONS reached */
  tooManyInvitations: 409,
  /** INVITATION_MAILS.perFolder invitation mails within INVITATION_MAILS.windowMs reached (unsharing gives none back) */
  tooManyInvitationMails: 429,
  /** FOLDER_MAX_FILES reached */
  folderFull: 409,
  /** more than ZIP_MAX_FILES files or ZIP_MAX_BYTES in one selection */
  selectionTooLarge: 413,
});
export type BusinessDataErrorCode = keyof typeof BUSINESS_DATA_ERRORS;

/** At most this many files in one folder (409 folderFull): the folder record lists them all (one read). */
export const FOLDER_MAX_FILES = 500;
/** At most this many invitations (visibility entries) per folder (409 tooManyInvitations). */
export const FOLDER_MAX_INVITATIONS = 100;
/**
 * Invitation mails of one folder (docs/decisions-project-folder.md "Invitation mails"): every address new to the
 * list counts as one mail sent, at most `perFolder` within a sliding `windowMs` (429 tooManyInvitationMails; an
 * unshare gives none back), and an address mailed within `windowMs` is invited again without a new mail.
 */
export const INVITATION_MAILS = { perFolder: 50, windowMs: 24 * 60 * 60_000 } as const;
/** At most this many entries in one POST /offer/businessdata/share. */
const SHARE_MAX_ENTRIES = 50;
/** A ZIP of a selection: at most this many files … */
export const ZIP_MAX_FILES = 50;
/** … and this many bytes (uncompressed; stored entries), so it streams well within Hosting's 60 s. */
export const ZIP_MAX_BYTES = 200 * 1024 * 1024;
/** How long a folder token of the anonymous view lives. */
export const FOLDER_TOKEN_TTL_MS = 2 * 60 * 60_000;
/** How long a device token of the password link (proof of an earlier right password) lives. */
export const FOLDER_DEVICE_TTL_MS = 90 * 24 * 60 * 60_000;
/** The HTTP header that carries the anonymous view's folder token. */
export const FOLDER_TOKEN_HEADER = 'X-Folder-Token';
/** The shared list reads at most this many invitations of one address. */
export const SHARED_LIST_MAX = 200;
/** The download log answers at most this many entries (newest first). */
export const DOWNLOAD_LOG_MAX = 200;

/**
 * The offer states in which the folder is open to invitees and anonymous visitors (and writable): a delivered job
 * still is (the customer checks it against the documents); a finished, cancelled or lapsed one is closed.
 */
export const FOLDER_OPEN_STATES: readonly OfferState[] = ['OPEN', 'ACCEPTED', 'CONFIRMED', 'DELIVERED'];

/** The company types whose non-admin users follow `settings.types`. */
export const FOLDER_TYPES = ['CUSTOMER', 'SUPPLIER'] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];

/** Read and write of one group. */
export interface FolderRights {
  read: boolean;
  write: boolean;
}

/** An invitation (spec 3 settings.visibilities): e-mail, optional end date (inclusive, Europe/Berlin), rights. */
export interface VisibilityEntry extends FolderRights {
  email: string;
  /** YYYY-MM-DD, the last day the entry counts; absent: unlimited */
  endDate?: string;
}

/** The folder's settings as answered (never the password hash: that lives in a separate secrets document). */
export interface FolderSettings {
  allowExternal: boolean;
  allowAnonymous: boolean;
  /** a password is set (anonymous access needs one) */
  hasPassword: boolean;
  /** per company type; absent: the users of that side follow their invitation */
  types: Partial<Record<FolderType, FolderRights>>;
  visibilities: VisibilityEntry[];
}

/** A new folder: both sides read and write, nothing shared outside. */
export function defaultFolderSettings(): FolderSettings {
  return {
    allowExternal: false,
    allowAnonymous: false,
    hasPassword: false,
    types: { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } },
    visibilities: [],
  };
}

/** A file of the folder (spec 3 items). */
export interface FolderItem {
  id: string;
  filename: string;
  /** the Storage path (`business-data/{folderId}/{filename}`) */
  path: string;
  downloadCounter: number;
  lastUpdate: Date;
  /** who uploaded it (name, or the invitee's e-mail) */
  uploadedByName: string;
}

/**
 * Where the folder's offer stands, for the rules: its two companies and the version outsiders and the customer see
 * (the newest released version of the revision chain; a draft revision keeps its predecessor's standing).
 */
export interface FolderStanding {
  supplierId: string;
  customerId: string;
  released: boolean;
  state: OfferState;
  archived: boolean;
}

/** What the rule function decides on: the offer's standing and the folder's settings. */
export interface FolderFacts extends FolderStanding {
  settings: Pick<FolderSettings, 'allowExternal' | 'allowAnonymous' | 'hasPassword' | 'types' | 'visibilities'>;
}

/** What the caller may do with the folder. */
export interface FolderAccess {
  /** may know the folder exists (else 404, like an unknown id) */
  see: boolean;
  read: boolean;
  write: boolean;
  /** sees and changes the settings, invitations, password and the download log */
  settings: boolean;
}

/** The signed-in folder view (GET /offer/businessdata). */
export interface FolderView {
  folderId: string;
  /** the newest version of the offer (links with older ids lead here) */
  offerId: string;
  offerIds: string[];
  referenceNumber: string;
  offerNumber: string;
  facts: FolderFacts;
  access: FolderAccess;
  items: FolderItem[];
}

/** The anonymous view (check, GET /offer/businessdata/public): only what the file table shows. */
export interface PublicFolderView {
  offerId: string;
  referenceNumber: string;
  items: Array<Pick<FolderItem, 'id' | 'filename' | 'downloadCounter' | 'lastUpdate'>>;
}

/** POST /offer/businessdata/check answer. */
export interface FolderCheckAnswer {
  token: string;
  expiresAt: Date;
  /** sent with the next checks: its holder is not refused by the folder-wide failure limit (device-token pattern) */
  deviceToken: string;
  folder: PublicFolderView;
}

/** A row of the shared list (GET /offer/businessdata/shared). */
export interface SharedFolderRow {
  offerId: string;
  referenceNumber: string;
  offerNumber: string;
  itemCount: number;
}

/** An entry of the download log: who (never an address of the network), which file, when. */
export interface DownloadLogEntry {
  itemId: string;
  filename: string;
  /** 'user': a signed-in user (name), 'anonymous': through the password link */
  by: { kind: 'user'; userId: string; name: string; email: string } | { kind: 'anonymous' };
  at: Date;
}

/** GET /offer/businessdata/log answer. */
export interface DownloadLog {
  entries: DownloadLogEntry[];
  perItem: Array<{ itemId: string; filename: string; count: number }>;
  /** per person over the newest `DOWNLOAD_LOG_MAX` × 5 entries ('anonymous' counts the password link) */
  perPerson: Array<{ key: string; name: string; count: number }>;
  /** false when older entries exist than the counts cover */
  complete: boolean;
}

/** The Storage folder of a project folder, reached through the generic /file calls too. */
export const BUSINESS_DATA_PREFIX = 'business-data/{folderId}/';

export function businessDataPath(folderId: string): string {
  return BUSINESS_DATA_PREFIX.replace('{folderId}', folderId);
}

/** Today in Europe/Berlin as YYYY-MM-DD (invitation end dates are inclusive German calendar days). */
export function berlinDate(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Spec 5: the folder password has at least 6 characters and equals its repeat. */
export function folderPasswordRefusal(
  password: string,
  repeat: string,
): Extract<BusinessDataErrorCode, 'shortPassword' | 'passwordMismatch'> | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'shortPassword';
  if (password !== repeat) return 'passwordMismatch';
  return undefined;
}

/** Why an invitation cannot be stored as given (besides a malformed address, which the schema refuses). */
export function visibilityEntryRefusal(
  entry: Pick<VisibilityEntry, 'endDate' | 'read' | 'write'>,
  today: string,
): Extract<BusinessDataErrorCode, 'endDateInPast' | 'writeWithoutRead'> | undefined {
  if (entry.write && !entry.read) return 'writeWithoutRead';
  if (entry.endDate && entry.endDate < today) return 'endDateInPast';
  return undefined;
}

const offerIdField = bodyIdSchema;
const rights = () =>
  yup
    .object({ read: flag().required(V.required), write: flag().required(V.required) })
    .typeError(V.type)
    .default(undefined)
    .nullable()
    .optional();

/** POST /offer/businessdata/settings body (admins). `types.X` null or absent: that side follows its invitations. */
export const folderSettingsSchema = yup.object({
  offerId: offerIdField,
  allowExternal: flag().required(V.required),
  allowAnonymous: flag().required(V.required),
  types: yup
    .object({ CUSTOMER: rights(), SUPPLIER: rights() })
    .typeError(V.type)
    .nonNullable(V.type)
    .required(V.required),
});
export type FolderSettingsInput = yup.InferType<typeof folderSettingsSchema>;

const password = () =>
  yup
    .string()
    .typeError(V.type)
    .nonNullable(V.type)
    .transform((_value: unknown, original: unknown) => original)
    .max(128, withLimits(V.maxLength))
    .required(V.required);

/** POST /offer/businessdata/create body: sets or resets the password (spec 7 offerId and password; plus the repeat). */
export const folderPasswordSchema = yup.object({
  offerId: offerIdField,
  password: password(),
  passwordRepeat: password(),
});
export type FolderPasswordInput = yup.InferType<typeof folderPasswordSchema>;

/** POST /offer/businessdata/check body. */
export const folderCheckSchema = yup.object({
  offerId: offerIdField,
  password: password(),
  deviceToken: line(100).optional(),
});

const endDate = () =>
  line(10)
    .optional()
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .test('isoDate', V.type, (value) => value == null || isIsoDate(value));

export const visibilityEntrySchema = yup
  .object({
    email: mailSchema,
    endDate: endDate(),
    read: flag().required(V.required),
    write: flag().required(V.required),
  })
  .typeError(V.type)
  .nonNullable(V.type);

/** POST /offer/businessdata/share body (admins). */
export const folderShareSchema = yup.object({
  offerId: offerIdField,
  visibilityEntries: yup
    .array()
    .typeError(V.type)
    .of(visibilityEntrySchema.required(V.required))
    .min(1, withLimits(V.min))
    .max(SHARE_MAX_ENTRIES, withLimits(V.max))
    .required(V.required),
});
export type FolderShareInput = yup.InferType<typeof folderShareSchema>;

/** POST /offer/businessdata/share/delete body. */
export const folderUnshareSchema = yup.object({ offerId: offerIdField, email: mailSchema });

/** POST /offer/businessdata/delete body. */
export const folderItemSchema = yup.object({ offerId: offerIdField, itemId: bodyIdSchema });

/** POST /offer/businessdata/zip body. */
export const folderZipSchema = yup.object({
  offerId: offerIdField,
  itemIds: yup
    .array()
    .typeError(V.type)
    .of(bodyIdSchema)
    .min(1, withLimits(V.min))
    .max(FOLDER_MAX_FILES, withLimits(V.max))
    .required(V.required),
});

/** Query `offerId` (GET routes). */
export const folderQuerySchema = yup.object({ offerId: idSchema });
/** Query `offerId` and `itemId` (the anonymous single download). */
export const folderFileQuerySchema = yup.object({ offerId: idSchema, itemId: idSchema });
