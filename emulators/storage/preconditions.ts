// Generation / metageneration preconditions, evaluated as GCS does:
// ifGenerationMatch=0 means "only if no live object"; the NotMatch forms pass on a missing object.
import { ApiError, preconditionFailed } from './errors.js';
import type { ObjectMeta } from './objects.js';

export interface Conditions {
  generationMatch?: string;
  generationNotMatch?: string;
  metagenerationMatch?: string;
  metagenerationNotMatch?: string;
}

/** Read conditions from a query string; `prefix` is 'if' for the target, 'ifSource' for a copy source. */
export function conditionsFrom(q: URLSearchParams, prefix: 'if' | 'ifSource' = 'if'): Conditions {
  const get = (k: string) => q.get(prefix + k) ?? undefined;
  return {
    generationMatch: get('GenerationMatch'),
    generationNotMatch: get('GenerationNotMatch'),
    metagenerationMatch: get('MetagenerationMatch'),
    metagenerationNotMatch: get('MetagenerationNotMatch'),
  };
}

/**
 * Throw 412 when a condition does not hold. For reads (`read: true`) a failed NotMatch
 * condition is GCS's 304 Not Modified instead.
 */
export function checkConditions(obj: ObjectMeta | undefined, c: Conditions, read = false): void {
  const notModified = () => (read ? new ApiError(304, 'notModified', 'Not Modified') : preconditionFailed());
  if (c.generationMatch !== undefined) {
    if (c.generationMatch === '0' ? obj !== undefined : obj?.generation !== c.generationMatch)
      throw preconditionFailed();
  }
  if (c.generationNotMatch !== undefined) {
    if (c.generationNotMatch === '0' ? obj === undefined : obj?.generation === c.generationNotMatch)
      throw notModified();
  }
  if (c.metagenerationMatch !== undefined && obj?.metageneration !== c.metagenerationMatch) throw preconditionFailed();
  if (c.metagenerationNotMatch !== undefined && obj && obj.metageneration === c.metagenerationNotMatch) {
    throw notModified();
  }
}
