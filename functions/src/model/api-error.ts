/** The JSON body of every API error. `code` is an i18n key on the web side (errors.<code>). */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/** Error codes the API answers with; the web maps each to a German text. */
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
  'mailInUse',
  'mailExternal',
  'companyNotActive',
  'conflict',
  'preconditionFailed',
  'lastPlatformAdmin',
  'missingValues',
  'payloadTooLarge',
  'tooManyRequests',
  'unsupportedMediaType',
  'failedDependency',
  'internal',
  'invalidPath',
  'invalidFileName',
  'fileTypeNotAllowed',
  'fileContentMismatch',
  'fileEmpty',
  'archiveTooLarge',
  'enquiryLocked',
  'missingBOM',
  'missingCircuitDiagram',
  'bomUnreadable',
  'invalidTransition',
  'offerNotReleased',
  'offerReleased',
  'missingOfferFile',
  'missingOrderFile',
  'missingOrderConfirmationFile',
  'offerNumberInUse',
  'enquiryClosed',
  'enquiryHasOrder',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
