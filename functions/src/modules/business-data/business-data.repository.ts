import { createHash } from 'node:crypto';
import { FieldPath, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { entityConverter } from '../../data/converter.js';
import { EntityCollection } from '../../data/entity-collection.js';
import { revive } from '../../data/firestore-values.js';
import {
  defaultFolderSettings,
  type DownloadLogEntry,
  type FolderItem,
  type FolderSettings,
} from '../../model/business-data.js';
import type { InvitationMail } from './invitation-mails.js';
import type { PasswordHash } from './password-hash.js';

const FOLDERS = 'businessData';
const INVITATIONS = 'businessDataInvitations';
const TOKENS = 'businessDataTokens';
const DEVICES = 'businessDataDevices';
const SECRETS = 'businessDataSecrets';
const DOWNLOADS = 'downloads';

/**
 * `businessData/{folderId}`: one offer's project folder, keyed by the FIRST offer of its revision chain (the newer
 * versions take it over: `offerIds` lists them all, `currentOfferId` is the newest). Its files are listed here
 * (`items`, a map by item id, so a download raises one counter with an atomic increment), with the settings and
 * the invitations; the password hash lives in `businessDataSecrets/{folderId}` and is never read into an answer.
 */
export interface FolderRecord {
  id: string;
  offerIds: string[];
  currentOfferId: string;
  supplierId: string;
  customerId: string;
  items: Record<string, Omit<FolderItem, 'id'>>;
  settings: FolderSettings;
  /** raised by every password change and when anonymous access is turned off: older folder tokens stop counting */
  passwordVersion: number;
  /** the invitation mails of the last INVITATION_MAILS.windowMs (invitation-mails.ts); an unshare keeps them */
  invitationMails?: InvitationMail[];
  createDate: Date;
  lastUpdate: Date;
}

/**
 * A folder as the shared list reads it (a field mask: never the items map): what decides its visibility and the
 * number of its files. `itemCount` is stored beside the record with every write of it (`derived`), so each
 * transaction that changes the items keeps it true; a download's counter raise changes no item.
 */
export interface FolderHead extends Pick<FolderRecord, 'id' | 'currentOfferId' | 'settings'> {
  itemCount: number;
}
const HEAD_FIELDS = ['currentOfferId', 'settings', 'itemCount'];

export const folderConverter = entityConverter<FolderRecord>({
  required: ['offerIds', 'currentOfferId', 'supplierId', 'customerId'],
  defaults: () => ({ items: {}, settings: defaultFolderSettings(), passwordVersion: 0 }),
  derivedFields: ['itemCount'],
  derived: (record) => ({ itemCount: itemsOf(record).length }),
});

/** The files of a record, by name (entries a late counter raise left without a file are no items). */
export function itemsOf(record: Pick<FolderRecord, 'items'> | undefined): FolderItem[] {
  return Object.entries(record?.items ?? {})
    .filter(([, item]) => typeof item.filename === 'string' && typeof item.path === 'string')
    .map(([id, item]) => ({ ...item, id, downloadCounter: item.downloadCounter ?? 0 }))
    .sort((a, b) => a.filename.localeCompare(b.filename, 'de'));
}

/** A folder token as stored: only its SHA-256, the folder and the password version it was issued for. */
export interface StoredToken {
  folderId: string;
  passwordVersion: number;
  expiresAt: Date;
}

/** A device token as stored (only its SHA-256): proof that its holder passed the folder's check before. */
export type StoredDevice = StoredToken;

/** The id of a token document: the SHA-256 of the token (a leaked database holds no usable token). */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function invitationId(folderId: string, email: string): string {
  return `${folderId}_${createHash('sha256').update(email, 'utf8').digest('hex').slice(0, 40)}`;
}

export class BusinessDataRepository extends EntityCollection<FolderRecord> {
  constructor(db: Firestore) {
    super(db, FOLDERS, folderConverter);
  }

  /** The folder an offer id belongs to (any version of the chain): one `array-contains` query. */
  async byOfferId(offerId: string): Promise<FolderRecord | undefined> {
    const snap = await this.col().where('offerIds', 'array-contains', offerId).limit(1).get();
    return snap.docs[0]?.data();
  }

  async getMany(ids: readonly string[]): Promise<FolderRecord[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const snaps = await this.db.getAll(...unique.map((id) => this.col().doc(id)));
    return snaps.flatMap((s) => (s.exists ? [s.data() as FolderRecord] : []));
  }

  /**
   * The folders of the shared list with a field mask (one batched read without the items maps). A folder stored
   * before `itemCount` existed (no backfill: its next write stores it) is read whole once more and counted.
   */
  async heads(ids: readonly string[]): Promise<FolderHead[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const snaps = await this.db.getAll(...unique.map((id) => this.db.collection(FOLDERS).doc(id)), {
      fieldMask: HEAD_FIELDS,
    });
    const stored = snaps.flatMap((s) => (s.exists ? [{ id: s.id, ...revive<Partial<FolderHead>>(s.data()) }] : []));
    const uncounted = stored.filter((f) => typeof f.itemCount !== 'number').map((f) => f.id);
    const counted = new Map((await this.getMany(uncounted)).map((f) => [f.id, itemsOf(f).length]));
    return stored.flatMap((f) =>
      f.currentOfferId === undefined
        ? []
        : [
            {
              id: f.id,
              currentOfferId: f.currentOfferId,
              settings: f.settings ?? defaultFolderSettings(),
              itemCount: f.itemCount ?? counted.get(f.id) ?? 0,
            },
          ],
    );
  }

  /** A revision took the folder over (offers' `revised` event, or found on the way): its ids join the chain. */
  async addOffers(folderId: string, offerIds: readonly string[], currentOfferId: string): Promise<void> {
    await this.db
      .collection(FOLDERS)
      .doc(folderId)
      .update({ offerIds: FieldValue.arrayUnion(...offerIds), currentOfferId });
  }

  /**
   * Downloads of items: each counter raised by one with an atomic increment (parallel downloads never lose one) and
   * one log entry per item, in one batch.
   */
  async recordDownloads(folderId: string, entries: readonly DownloadLogEntry[]): Promise<void> {
    if (!entries.length) return;
    const batch = this.db.batch();
    const folder = this.db.collection(FOLDERS).doc(folderId);
    const counts = new Map<string, number>();
    for (const e of entries) counts.set(e.itemId, (counts.get(e.itemId) ?? 0) + 1);
    const [field, value, ...more] = [...counts].flatMap(([itemId, n]) => [
      new FieldPath('items', itemId, 'downloadCounter'),
      FieldValue.increment(n),
    ]);
    batch.update(folder, field as FieldPath, value, ...more);
    for (const e of entries) batch.create(folder.collection(DOWNLOADS).doc(), e);
    await batch.commit();
  }

  /** The newest download log entries (bounded). */
  async downloads(folderId: string, limit: number): Promise<DownloadLogEntry[]> {
    const snap = await this.db
      .collection(FOLDERS)
      .doc(folderId)
      .collection(DOWNLOADS)
      .orderBy('at', 'desc')
      .limit(limit)
      .get();
    return snap.docs.map((d) => revive<DownloadLogEntry>(d.data()));
  }

  // --- invitations (an index by address for the shared list; the folder's `visibilities` decide) --------------

  setInvitationInTx(tx: Transaction, folderId: string, email: string, now: Date): void {
    tx.set(this.db.collection(INVITATIONS).doc(invitationId(folderId, email)), { folderId, email, createDate: now });
  }

  deleteInvitationInTx(tx: Transaction, folderId: string, email: string): void {
    tx.delete(this.db.collection(INVITATIONS).doc(invitationId(folderId, email)));
  }

  /** The folders shared with an address (one equality query, bounded). */
  async invitedFolderIds(email: string, limit: number): Promise<string[]> {
    const snap = await this.db.collection(INVITATIONS).where('email', '==', email).limit(limit).get();
    return snap.docs.map((d) => String(d.get('folderId')));
  }

  // --- password and folder tokens ------------------------------------------------------------------------------

  async secret(folderId: string): Promise<PasswordHash | undefined> {
    const snap = await this.db.collection(SECRETS).doc(folderId).get();
    return snap.exists ? (snap.data() as PasswordHash) : undefined;
  }

  setSecretInTx(tx: Transaction, folderId: string, hash: PasswordHash): void {
    tx.set(this.db.collection(SECRETS).doc(folderId), hash);
  }

  async createToken(token: string, stored: StoredToken, now: Date): Promise<void> {
    await this.db
      .collection(TOKENS)
      .doc(tokenKey(token))
      .create({ ...stored, createDate: now });
  }

  async token(token: string): Promise<StoredToken | undefined> {
    const snap = await this.db.collection(TOKENS).doc(tokenKey(token)).get();
    return snap.exists ? revive<StoredToken>(snap.data()) : undefined;
  }

  /** Device tokens live in their own collection: one is never a folder token. */
  async createDevice(token: string, stored: StoredDevice, now: Date): Promise<void> {
    await this.db
      .collection(DEVICES)
      .doc(tokenKey(token))
      .create({ ...stored, createDate: now });
  }

  async device(token: string): Promise<StoredDevice | undefined> {
    const snap = await this.db.collection(DEVICES).doc(tokenKey(token)).get();
    return snap.exists ? revive<StoredDevice>(snap.data()) : undefined;
  }
}
