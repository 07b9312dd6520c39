import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import {
  BUSINESS_DATA_ERRORS,
  berlinDate,
  businessDataPath,
  DOWNLOAD_LOG_MAX,
  FOLDER_MAX_INVITATIONS,
  folderPasswordRefusal,
  SHARED_LIST_MAX,
  visibilityEntryRefusal,
  type DownloadLog,
  type FolderFacts,
  type FolderPasswordInput,
  type FolderSettings,
  type FolderSettingsInput,
  type FolderShareInput,
  type FolderView,
  type SharedFolderRow,
  type VisibilityEntry,
} from '../../model/business-data.js';
import type { AttachedFile } from '../../model/files.js';
import { entryOf, isSharedWith } from '../../model/permissions-business-data.js';
import type { Principal } from '../../model/user.js';
import type { MailOutbox, OutgoingMail } from '../../platform/mail/outbox.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { FilesService } from '../files/files.service.js';
import type { OfferRevision, OffersPort } from '../offers/offers.port.js';
import type { UsersService } from '../users/users.service.js';
import { existingInviteeMail, newInviteeMail, type FolderInvitation } from './business-data-mails.js';
import { itemsOf, type BusinessDataRepository, type FolderRecord } from './business-data.repository.js';
import { authorizeFolder, callerOfPrincipal, type FolderNeed } from './folder-access.js';
import { newRecord } from './folder-files.js';
import { factsOf, standingOf, type FolderResolver, type ResolvedFolder } from './folder-resolver.js';
import { planInvitationMails } from './invitation-mails.js';
import { hashPassword } from './password-hash.js';

const fail = errorsOf(BUSINESS_DATA_ERRORS);

export interface BusinessDataServiceDeps {
  folders: BusinessDataRepository;
  resolver: FolderResolver;
  offers: Pick<OffersPort, 'heads'>;
  files: Pick<FilesService, 'upload' | 'delete'>;
  users: Pick<UsersService, 'ensureInvitee'>;
  mail: Pick<MailOutbox, 'send'>;
  transaction: RunTransaction;
  now: () => Date;
  portalUrl: string;
}

/** The facts a caller without the settings is shown: the rules' inputs, of the invitations only his own. */
function factsFor(facts: FolderFacts, principal: Principal, settings: boolean): FolderFacts {
  if (settings) return facts;
  const own = entryOf(facts, principal.user.mail);
  return { ...facts, settings: { ...facts.settings, visibilities: own ? [own] : [] } };
}

/** `types` as stored: a side set to null (or left out) follows its invitations. */
function typesOf(input: FolderSettingsInput['types']): FolderSettings['types'] {
  const types: FolderSettings['types'] = {};
  if (input.CUSTOMER) types.CUSTOMER = { read: input.CUSTOMER.read, write: input.CUSTOMER.write };
  if (input.SUPPLIER) types.SUPPLIER = { read: input.SUPPLIER.read, write: input.SUPPLIER.write };
  return types;
}

/**
 * The project folder of an offer (issue 20; docs/api.md "Project folder", docs/decisions-project-folder.md): each
 * call resolves the offer id to its folder (any version of the revision chain), checks THE rule on what it read
 * (inside the transaction where it writes) and acts. Files go through the files module (FILES_PORT) into the
 * folder's FileOwner, so POST /offer/businessdata and POST /file/ are one path.
 */
export class BusinessDataService {
  constructor(private readonly d: BusinessDataServiceDeps) {}

  private async resolve(principal: Principal, offerId: string, need: FolderNeed) {
    const resolved = await this.d.resolver.byOfferId(offerId);
    const access = authorizeFolder(callerOfPrincipal(principal), resolved?.facts, need, this.d.now());
    return { resolved: resolved!, access };
  }

  /** Reads the record in a transaction, checks `need` on it again, writes what `next` returns. */
  private async change<T>(
    principal: Principal,
    offerId: string,
    need: FolderNeed,
    next: (before: FolderRecord, now: Date, resolved: ResolvedFolder) => { record: FolderRecord; answer: T },
    afterReads?: (tx: Parameters<Parameters<RunTransaction>[0]>[0], record: FolderRecord, now: Date) => void,
  ): Promise<{ resolved: ResolvedFolder; answer: T; record: FolderRecord }> {
    const { resolved } = await this.resolve(principal, offerId, need);
    return this.d.transaction(async (tx) => {
      const now = this.d.now();
      const before = (await this.d.folders.getInTx(tx, resolved.folderId)) ?? newRecord(resolved, now);
      authorizeFolder(callerOfPrincipal(principal), factsOf(resolved.facts, before), need, now);
      const { record, answer } = next(before, now, resolved);
      const stored = { ...record, lastUpdate: now };
      this.d.folders.setInTx(tx, stored);
      afterReads?.(tx, stored, now);
      return {
        resolved: { ...resolved, record: stored, facts: factsOf(resolved.facts, stored) },
        answer,
        record: stored,
      };
    });
  }

  private viewOf(principal: Principal, resolved: ResolvedFolder): FolderView {
    const access = authorizeFolder(callerOfPrincipal(principal), resolved.facts, 'read', this.d.now());
    return {
      folderId: resolved.folderId,
      offerId: resolved.shown.id,
      offerIds: resolved.offerIds,
      referenceNumber: resolved.shown.referenceNumber,
      offerNumber: resolved.shown.offerNumber,
      facts: factsFor(resolved.facts, principal, access.settings),
      access,
      items: itemsOf(resolved.record),
    };
  }

  /** GET /offer/businessdata: the folder as the caller may see it (404 hidden, 403 no read). */
  async view(principal: Principal, offerId: string): Promise<FolderView> {
    const { resolved } = await this.resolve(principal, offerId, 'read');
    return this.viewOf(principal, resolved);
  }

  /** POST /offer/businessdata (multipart file + offerId): the files module's upload into the folder. */
  async upload(principal: Principal, offerId: string, file: UploadedFile | undefined): Promise<AttachedFile> {
    const { resolved } = await this.resolve(principal, offerId, 'write');
    return this.d.files.upload(principal, businessDataPath(resolved.folderId), file, 'UNKNOWN');
  }

  /** POST /offer/businessdata/delete: 'deleted' (200), or 'gone' when the item is not (or no longer) there (208). */
  async deleteItem(principal: Principal, offerId: string, itemId: string): Promise<'deleted' | 'gone'> {
    const { resolved } = await this.resolve(principal, offerId, 'write');
    const item = itemsOf(resolved.record).find((i) => i.id === itemId);
    if (!item) return 'gone';
    try {
      await this.d.files.delete(principal, item.path);
      return 'deleted';
    } catch (error) {
      // a concurrent delete got there first
      if (error instanceof ApiError && error.status === 404) return 'gone';
      throw error;
    }
  }

  /** POST /offer/businessdata/settings (admins): anonymous access needs a password (409 passwordRequired). */
  async saveSettings(principal: Principal, input: FolderSettingsInput): Promise<FolderView> {
    const { resolved } = await this.change(principal, input.offerId, 'settings', (before) => {
      if (input.allowAnonymous && !before.settings.hasPassword) throw fail.passwordRequired();
      const endsTokens = before.settings.allowAnonymous && !input.allowAnonymous;
      return {
        record: {
          ...before,
          settings: {
            ...before.settings,
            allowExternal: input.allowExternal,
            allowAnonymous: input.allowAnonymous,
            types: typesOf(input.types),
          },
          // turning anonymous access off ends every folder token at once (also if it is turned on again)
          passwordVersion: before.passwordVersion + (endsTokens ? 1 : 0),
        },
        answer: undefined,
      };
    });
    return this.viewOf(principal, resolved);
  }

  /** POST /offer/businessdata/create (admins): sets or resets the password; every folder token ends. */
  async setPassword(principal: Principal, input: FolderPasswordInput): Promise<FolderView> {
    const refusal = folderPasswordRefusal(input.password, input.passwordRepeat);
    if (refusal)
      throw fail[refusal]([{ path: refusal === 'shortPassword' ? 'password' : 'passwordRepeat', key: refusal }]);
    await this.resolve(principal, input.offerId, 'settings');
    const hash = await hashPassword(input.password);
    const { resolved } = await this.change(
      principal,
      input.offerId,
      'settings',
      (before) => ({
        record: {
          ...before,
          settings: { ...before.settings, hasPassword: true },
          passwordVersion: before.passwordVersion + 1,
        },
        answer: undefined,
      }),
      (tx, record) => this.d.folders.setSecretInTx(tx, record.id, hash),
    );
    return this.viewOf(principal, resolved);
  }

  /**
   * POST /offer/businessdata/share (admins): adds or updates invitations (201 the entries as stored). A new address
   * without an account gets an EXTERNAL account and the invitation mail; an existing EXTERNAL user a notice (none
   * when the folder mailed the address within INVITATION_MAILS.windowMs, e.g. re-invited after an unshare); a
   * CUSTOMER or SUPPLIER user only the entry. Every address new to the list counts against the folder's mail limit.
   */
  async share(principal: Principal, input: FolderShareInput): Promise<VisibilityEntry[]> {
    const today = berlinDate(this.d.now());
    const entries: VisibilityEntry[] = input.visibilityEntries.map((e, i) => {
      const refusal = visibilityEntryRefusal(e, today);
      if (refusal) throw fail[refusal]([{ path: `visibilityEntries[${i}]`, key: refusal }]);
      return { email: e.email, read: e.read, write: e.write, ...(e.endDate ? { endDate: e.endDate } : {}) };
    });
    if (new Set(entries.map((e) => e.email)).size !== entries.length) throw fail.duplicateInvitations();
    const { resolved } = await this.resolve(principal, input.offerId, 'settings');
    const known = new Set(resolved.facts.settings.visibilities.map((v) => v.email));
    const fresh = entries.filter((e) => !known.has(e.email));
    if (known.size + fresh.length > FOLDER_MAX_INVITATIONS) throw fail.tooManyInvitations();
    const mailTo = await this.reserveMails(principal, input.offerId, fresh);

    const notices: OutgoingMail[] = [];
    for (const entry of fresh) {
      const invitation: FolderInvitation = {
        to: entry.email,
        referenceNumber: resolved.shown.referenceNumber,
        offerNumber: resolved.shown.offerNumber,
        companyName: principal.company.name,
        offerId: resolved.shown.id,
        endDate: entry.endDate,
        portalUrl: this.d.portalUrl,
      };
      const account = await this.d.users.ensureInvitee({
        mail: entry.email,
        actorId: principal.uid,
        invitation: (link) => newInviteeMail(invitation, link),
      });
      if (!account.created && account.companyType === 'EXTERNAL' && mailTo.has(entry.email))
        notices.push(existingInviteeMail(invitation));
    }
    const emails = new Set(entries.map((e) => e.email));
    const { answer } = await this.change(
      principal,
      input.offerId,
      'settings',
      (before) => {
        const kept = before.settings.visibilities.filter((v) => !emails.has(v.email));
        if (kept.length + entries.length > FOLDER_MAX_INVITATIONS) throw fail.tooManyInvitations();
        return {
          record: { ...before, settings: { ...before.settings, visibilities: [...kept, ...entries] } },
          answer: entries,
        };
      },
      (tx, record, now) => entries.forEach((e) => this.d.folders.setInvitationInTx(tx, record.id, e.email, now)),
    );
    const now = this.d.now();
    for (const mail of notices) await this.d.mail.send(mail, now);
    return answer;
  }

  /**
   * Counts the invitation mails of a share on the folder before any account or mail exists (invitation-mails.ts):
   * 429 tooManyInvitationMails over the limit; the addresses mailed within the window get none now.
   */
  private async reserveMails(principal: Principal, offerId: string, fresh: VisibilityEntry[]): Promise<Set<string>> {
    if (!fresh.length) return new Set();
    const { answer } = await this.change(principal, offerId, 'settings', (before, now) => {
      const plan = planInvitationMails(
        before.invitationMails,
        fresh.map((e) => e.email),
        now,
      );
      if (plan === 'refused') throw fail.tooManyInvitationMails();
      return { record: { ...before, invitationMails: plan.log }, answer: plan.mailTo };
    });
    return answer;
  }

  /** POST /offer/businessdata/share/delete (admins): the invitation ends at once (checked on every request). */
  async unshare(principal: Principal, offerId: string, email: string): Promise<{ removed: boolean }> {
    const { answer } = await this.change(
      principal,
      offerId,
      'settings',
      (before) => {
        const visibilities = before.settings.visibilities.filter((v) => v.email !== email);
        return {
          record: { ...before, settings: { ...before.settings, visibilities } },
          answer: { removed: visibilities.length !== before.settings.visibilities.length },
        };
      },
      (tx, record) => this.d.folders.deleteInvitationInTx(tx, record.id, email),
    );
    return answer;
  }

  /**
   * GET /offer/businessdata/shared: the folders shared with the caller's address (spec 6: external access on, the
   * entry there and not expired, the offer released and OPEN, ACCEPTED or CONFIRMED). One equality query on the
   * invitation index, then the folders and their offers in batched reads with field masks (the folders' item
   * counts, never their items maps; the offers' standing fields) — never a scan of the offers.
   */
  async shared(principal: Principal): Promise<SharedFolderRow[]> {
    const email = principal.user.mail;
    const folders = await this.d.folders.heads(await this.d.folders.invitedFolderIds(email, SHARED_LIST_MAX));
    const offers = await this.d.offers.heads(folders.map((f) => f.currentOfferId));
    const previousIds = [...offers.values()].flatMap((o) =>
      !o.released && o.previousOfferId ? [o.previousOfferId] : [],
    );
    const previous = await this.d.offers.heads(previousIds);
    const today = berlinDate(this.d.now());
    return folders
      .flatMap((folder): SharedFolderRow[] => {
        const newest = offers.get(folder.currentOfferId);
        if (!newest) return [];
        const { shown, standing } = standingOf(
          newest,
          newest.previousOfferId ? previous.get(newest.previousOfferId) : undefined,
        );
        if (!isSharedWith(factsOf(standing, folder), email, today)) return [];
        return [
          {
            offerId: shown.id,
            referenceNumber: shown.referenceNumber,
            offerNumber: shown.offerNumber,
            itemCount: folder.itemCount,
          },
        ];
      })
      .sort((a, b) => a.referenceNumber.localeCompare(b.referenceNumber, 'de'));
  }

  /** GET /offer/businessdata/log (admins): the newest downloads with counts per file and per person. */
  async log(principal: Principal, offerId: string): Promise<DownloadLog> {
    const { resolved } = await this.resolve(principal, offerId, 'settings');
    const read = DOWNLOAD_LOG_MAX * 5;
    const entries = resolved.record ? await this.d.folders.downloads(resolved.folderId, read) : [];
    const people = new Map<string, { key: string; name: string; count: number }>();
    for (const e of entries) {
      const key = e.by.kind === 'user' ? e.by.userId : 'anonymous';
      const name = e.by.kind === 'user' ? e.by.name : '';
      const row = people.get(key) ?? { key, name, count: 0 };
      row.count++;
      people.set(key, row);
    }
    return {
      entries: entries.slice(0, DOWNLOAD_LOG_MAX),
      perItem: itemsOf(resolved.record).map((i) => ({ itemId: i.id, filename: i.filename, count: i.downloadCounter })),
      perPerson: [...people.values()].sort((a, b) => b.count - a.count),
      complete: entries.length < read,
    };
  }

  /** POST /offer/businessdata/zip for a signed-in reader: the folder and its items. */
  async readable(principal: Principal, offerId: string): Promise<ResolvedFolder> {
    return (await this.resolve(principal, offerId, 'read')).resolved;
  }

  /** The offers' `revised` event: the new version takes the folder over (its files, settings and invitations). */
  async onRevised({ previous, next }: OfferRevision): Promise<void> {
    const folder = await this.d.folders.byOfferId(previous.id);
    if (folder) await this.d.folders.addOffers(folder.id, [next.id], next.id);
  }
}
