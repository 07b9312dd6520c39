import type { Principal } from '../model/user.js';
import { ApiError } from '../platform/api-error.js';

/**
 * A record rule as the service applies it to the record it read (pure functions from model/permissions*).
 * `see`: may the caller know this record exists; `act`: may he do this call to it (defaults to `see`).
 */
export interface RecordRule<T> {
  see: (record: T) => boolean;
  act?: (record: T) => boolean;
  /** The caller may know every record of this kind (e.g. a platform admin): an unknown id answers him 404. */
  seesAll: boolean;
  /**
   * What a hidden record answers: one the caller may not know exists, or an unknown id for a caller who does
   * not see all. Both get the SAME answer, so ids cannot be probed. 404 by default; areas whose documented
   * contract says 403 (users, companies: docs/api.md) pass 'forbidden'.
   */
  hidden?: 'notFound' | 'forbidden';
}

/**
 * The one check of a record permission: returns the record, or throws 404 (missing, or hidden from the
 * caller) / 403 (visible, but this call is not allowed). A restricted caller is told his restriction
 * instead of a plain 403/404, so the web can say why (passwordChangeNeeded, registrationPending).
 */
export function authorizeRecord<T>(principal: Principal, record: T | undefined, rule: RecordRule<T>): T {
  const hidden = () =>
    principal.restriction
      ? ApiError.forbidden(principal.restriction)
      : rule.hidden === 'forbidden'
        ? ApiError.forbidden()
        : ApiError.notFound();
  if (record === undefined) throw rule.seesAll ? ApiError.notFound() : hidden();
  if (!rule.see(record)) throw hidden();
  if (rule.act && !rule.act(record)) throw ApiError.forbidden(principal.restriction ?? 'forbidden');
  return record;
}

/** A caller-level refusal (no record involved), with the restriction code when there is one. */
export function forbiddenFor(principal: Principal): ApiError {
  return ApiError.forbidden(principal.restriction ?? 'forbidden');
}
