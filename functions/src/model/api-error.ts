/** The JSON body of every API error. `code` is an i18n key on the web side (errors.<code>). */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * An area's error codes, each with the one HTTP status it answers with. Each area keeps its table in its model
 * file (ENQUIRY_ERRORS, OFFER_ERRORS, …) and declares it on its AreaModule; the web shows `errors.<code>` of
 * the area's namespace (or common). `errorsOf(table)` (platform/api-error.ts) makes the server's factories. An entry
 * is the status, or the status with the English `message` of the answer body (default: the code).
 */
export type ErrorTable = Readonly<Record<string, number | { status: number; message: string }>>;
export const defineErrors = <const T extends ErrorTable>(table: T): T => table;

/** Error codes of the platform (every area may answer them); the web maps each to a German text (common). */
export const API_ERROR_CODES = [
  'badRequest',
  'validation',
  'unauthenticated',
  'tokenRevoked',
  'userDisabled',
  'companyInactive',
  'forbidden',
  'passwordChangeNeeded',
  'registrationPending',
  'notFound',
  'methodNotAllowed',
  'conflict',
  'preconditionFailed',
  'missingValues',
  'payloadTooLarge',
  'exportTooLarge',
  'tooManyRequests',
  'unsupportedMediaType',
  'failedDependency',
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
