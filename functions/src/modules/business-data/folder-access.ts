import { ApiError } from '../../platform/api-error.js';
import { berlinDate, type FolderAccess, type FolderFacts } from '../../model/business-data.js';
import { folderAccess, folderCallerOf, type FolderCaller } from '../../model/permissions-business-data.js';
import type { Principal } from '../../model/user.js';

/** What a call needs of the folder. */
export type FolderNeed = 'read' | 'write' | 'settings';

/** The rule's caller facts of a signed-in principal. */
export function callerOfPrincipal(principal: Principal): FolderCaller {
  return folderCallerOf({ ...principal, email: principal.user.mail });
}

/** The name a download log and an item's uploader show: the user's name, or (invitees) the address. */
export function displayName(principal: Principal): string {
  return `${principal.user.name} ${principal.user.lastname}`.trim() || principal.user.mail;
}

/**
 * The one check of a folder call (http/record-access's rule for folders): a folder the caller may not know
 * exists answers 404 — the same as an unknown offer id, so ids cannot be probed —, a folder he knows but may not
 * use this way 403. Returns what he may do. Restricted callers never get here (authenticate refuses them).
 */
export function authorizeFolder(
  caller: FolderCaller,
  facts: FolderFacts | undefined,
  need: FolderNeed,
  now: Date,
): FolderAccess {
  if (!facts) throw ApiError.notFound();
  const access = folderAccess(caller, facts, berlinDate(now));
  if (!access.see) throw ApiError.notFound();
  if (!access[need]) throw ApiError.forbidden();
  return access;
}
