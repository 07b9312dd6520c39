import * as yup from 'yup';
import { line, VALIDATION_KEYS } from './validation.js';

/**
 * Document ids the API accepts (Auth uids, Firestore auto ids): letters, digits, `_` and `-`, at most 128
 * characters, never `__…__` (reserved by Firestore). Checked before any lookup, so a malformed id answers
 * 400 instead of making firebase-admin throw.
 */
export const ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;

export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** A required id (body field or query parameter). */
export const idSchema = yup
  .string()
  .typeError(VALIDATION_KEYS.type)
  .trim(VALIDATION_KEYS.type)
  .matches(ID_PATTERN, VALIDATION_KEYS.id)
  .required(VALIDATION_KEYS.required);

/** An optional id: absent or empty is fine, anything else must be a valid id. */
export const optionalIdSchema = yup
  .string()
  .typeError(VALIDATION_KEYS.type)
  .trim(VALIDATION_KEYS.type)
  .matches(ID_PATTERN, { message: VALIDATION_KEYS.id, excludeEmptyString: true })
  .optional();

/** A body id (JSON): strings only, like every text of a body. */
export const bodyIdSchema = line(128).matches(ID_PATTERN, VALIDATION_KEYS.id).required(VALIDATION_KEYS.required);
export const optionalBodyIdSchema = line(128)
  .matches(ID_PATTERN, { message: VALIDATION_KEYS.id, excludeEmptyString: true })
  .optional();
