import { errorsOf } from '../../platform/api-error.js';
import {
  BUSINESS_DATA_ERRORS,
  BUSINESS_DATA_PREFIX,
  businessDataPath,
  FOLDER_MAX_FILES,
  type FolderItem,
} from '../../model/business-data.js';
import type { FileFact } from '../../model/files.js';
import type { Principal } from '../../model/user.js';
import type { FileOwner } from '../../platform/files/file-owners.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { BusinessDataRepository, FolderRecord } from './business-data.repository.js';
import { itemsOf } from './business-data.repository.js';
import { authorizeFolder, callerOfPrincipal, displayName } from './folder-access.js';
import type { DownloadRecorder } from './downloads.js';
import { factsOf, type FolderResolver, type ResolvedFolder } from './folder-resolver.js';

const fail = errorsOf(BUSINESS_DATA_ERRORS);

function factOf(item: FolderItem): FileFact {
  return {
    name: item.filename,
    documentType: 'UNKNOWN',
    uploadedByName: item.uploadedByName,
    uploadDate: item.lastUpdate,
    downloadCounter: item.downloadCounter,
  };
}

/** A folder's record as it is first stored (the defaults, the offer's chain and companies). */
export function newRecord(resolved: ResolvedFolder, now: Date): FolderRecord {
  return {
    id: resolved.folderId,
    offerIds: resolved.offerIds,
    currentOfferId: resolved.newest.id,
    supplierId: resolved.newest.supplierId,
    customerId: resolved.newest.customerId,
    items: {},
    settings: resolved.facts.settings,
    passwordVersion: 0,
    createDate: now,
    lastUpdate: now,
  };
}

/**
 * `business-data/{folderId}/`: the project folder's files through the generic /file calls (spec 02 §7 Files), with
 * the module's rules unchanged (formats, 10 MB, content check, numeric-prefix names). `authorize` applies THE rule
 * (model/permissions-business-data.ts); the record lists the files (`items`): an upload counts once the record took
 * it (write access checked again on the record read in its transaction, at most FOLDER_MAX_FILES files), a delete
 * is decided by the record first; a download raises the item's counter and writes the log.
 */
export function businessDataOwner(d: {
  folders: BusinessDataRepository;
  resolver: FolderResolver;
  downloads: DownloadRecorder;
  transaction: RunTransaction;
  now: () => Date;
}): FileOwner {
  const resolve = async (principal: Principal, folderId: string | undefined, need: 'read' | 'write') => {
    const resolved = folderId ? await d.resolver.byFolderId(folderId) : undefined;
    authorizeFolder(callerOfPrincipal(principal), resolved?.facts, need, d.now());
    return resolved!;
  };
  /** Reads the record in the transaction, checks write access on it again, writes what `next` returns. */
  const change = async (
    principal: Principal,
    folderId: string | undefined,
    next: (before: FolderRecord, now: Date) => FolderRecord | undefined,
  ) => {
    const resolved = await resolve(principal, folderId, 'write');
    await d.transaction(async (tx) => {
      const now = d.now();
      const before = (await d.folders.getInTx(tx, resolved.folderId)) ?? newRecord(resolved, now);
      authorizeFolder(callerOfPrincipal(principal), factsOf(resolved.facts, before), 'write', now);
      const after = next(before, now);
      if (after) d.folders.setInTx(tx, { ...after, lastUpdate: now });
    });
  };

  return {
    prefix: BUSINESS_DATA_PREFIX,
    context: 'general',
    async authorize(principal, { folderId }, access) {
      const resolved = await resolve(principal, folderId, access === 'read' ? 'read' : 'write');
      return { facts: itemsOf(resolved.record).map(factOf) };
    },
    async recordUpload(principal, { folderId }, upload) {
      let item: FolderItem | undefined;
      await change(principal, folderId, (before, now) => {
        if (itemsOf(before).length >= FOLDER_MAX_FILES) throw fail.folderFull();
        const id = d.folders.newId();
        const stored = {
          filename: upload.name,
          path: businessDataPath(before.id) + upload.name,
          downloadCounter: 0,
          lastUpdate: now,
          uploadedByName: displayName(principal),
        };
        item = { ...stored, id };
        return { ...before, items: { ...before.items, [id]: stored } };
      });
      return factOf(item!);
    },
    async recordDelete(principal, { folderId }, name) {
      let listed = false;
      await change(principal, folderId, (before) => {
        const item = itemsOf(before).find((i) => i.filename === name);
        if (!item) return undefined;
        listed = true;
        const items = { ...before.items };
        delete items[item.id];
        return { ...before, items };
      });
      return listed;
    },
    async recordDownload(principal, { folderId }, name) {
      const resolved = await d.resolver.byFolderId(folderId!);
      const item = itemsOf(resolved?.record).find((i) => i.filename === name);
      if (resolved && item) await d.downloads.record(resolved.folderId, [item], { principal });
    },
  };
}
