import {
  FOLDER_OPEN_STATES,
  type FolderAccess,
  type FolderFacts,
  type FolderStanding,
  type FolderType,
  type VisibilityEntry,
} from './business-data.js';
import type { CompanyType } from './company.js';

/**
 * THE rule of the project folder (spec 01 §6 "Project-folder permissions"; docs/decisions-project-folder.md), used
 * by the API on every request and by the web for its controls:
 * - "Admin" is the admin-flag user (Firmenadministrator) of the offer's supplier or customer company: always reads
 *   and writes (writes while the folder is writable) and sees the settings;
 * - the other users of those two companies follow `settings.types[CUSTOMER|SUPPLIER]`, where absent their
 *   invitation (visibility entry matched by e-mail, not expired);
 * - the customer company knows the folder only once the offer is released (it never sees drafts);
 * - everybody else (EXTERNAL users, users of other companies) follows the invitation only, and only while
 *   `allowExternal` is on and the folder is open (released, OPEN/ACCEPTED/CONFIRMED, not archived);
 * - anonymous visitors read with a valid folder token while `allowAnonymous` is on, a password is set and the
 *   folder is open; they never write;
 * - ADMIN-company users have no access (like the offers).
 * Expiry is checked against `today` (YYYY-MM-DD in Europe/Berlin, `berlinDate`) on every request.
 */
export type FolderCaller =
  | { kind: 'user'; companyType: CompanyType; companyId: string; admin: boolean; email: string }
  | { kind: 'anonymous'; tokenValid: boolean };

const NONE: FolderAccess = { see: false, read: false, write: false, settings: false };

/** Open to invitees and anonymous visitors: released, in an open state, not archived. */
export function isFolderOpen(standing: Pick<FolderStanding, 'released' | 'state' | 'archived'>): boolean {
  return standing.released && !standing.archived && FOLDER_OPEN_STATES.includes(standing.state);
}

/** May files be added or deleted at all (any side): OPEN, ACCEPTED or CONFIRMED and not archived. */
function isFolderWritable(standing: Pick<FolderStanding, 'state' | 'archived'>): boolean {
  return !standing.archived && FOLDER_OPEN_STATES.includes(standing.state);
}

/** Does this invitation count today (end date inclusive)? */
export function isEntryValid(entry: Pick<VisibilityEntry, 'endDate'>, today: string): boolean {
  return !entry.endDate || today <= entry.endDate;
}

/** The caller's invitation, if any (addresses are stored lower case). */
export function entryOf(facts: Pick<FolderFacts, 'settings'>, email: string): VisibilityEntry | undefined {
  const mail = email.trim().toLowerCase();
  return facts.settings.visibilities.find((v) => v.email === mail);
}

/** Which side of the offer the caller's company is on (the customer only once the offer is released). */
function folderSide(caller: FolderCaller, facts: FolderStanding): FolderType | undefined {
  if (caller.kind !== 'user') return undefined;
  if (caller.companyType === 'SUPPLIER' && caller.companyId === facts.supplierId) return 'SUPPLIER';
  if (caller.companyType === 'CUSTOMER' && caller.companyId === facts.customerId && facts.released) return 'CUSTOMER';
  return undefined;
}

/** Is the offer shared with this address for the shared list (spec 6: external access on, entry there, not expired)? */
export function isSharedWith(facts: FolderFacts, email: string, today: string): boolean {
  const entry = entryOf(facts, email);
  return !!entry && entry.read && isEntryValid(entry, today) && facts.settings.allowExternal && isFolderOpen(facts);
}

export function folderAccess(caller: FolderCaller, facts: FolderFacts, today: string): FolderAccess {
  const writable = isFolderWritable(facts);
  if (caller.kind === 'anonymous') {
    const read =
      caller.tokenValid && facts.settings.allowAnonymous && facts.settings.hasPassword && isFolderOpen(facts);
    return { see: read, read, write: false, settings: false };
  }
  if (caller.companyType === 'ADMIN') return NONE;
  const side = folderSide(caller, facts);
  const entry = entryOf(facts, caller.email);
  const invited = entry && isEntryValid(entry, today) ? entry : undefined;
  if (side) {
    if (caller.admin) return { see: true, read: true, write: writable, settings: true };
    const rights = facts.settings.types[side] ?? invited ?? { read: false, write: false };
    return { see: true, read: rights.read, write: rights.read && rights.write && writable, settings: false };
  }
  // a customer company's user before the release: the draft does not exist for him
  if (caller.companyType === 'CUSTOMER' && caller.companyId === facts.customerId) return NONE;
  if (!invited || !invited.read || !facts.settings.allowExternal || !isFolderOpen(facts)) return NONE;
  return { see: true, read: true, write: invited.write && writable, settings: false };
}

/** The caller facts of a signed-in principal (API) or the web's current user. */
export function folderCallerOf(p: {
  companyType: CompanyType;
  company: { id: string };
  admin: boolean;
  email: string;
}): FolderCaller {
  return { kind: 'user', companyType: p.companyType, companyId: p.company.id, admin: p.admin, email: p.email };
}
