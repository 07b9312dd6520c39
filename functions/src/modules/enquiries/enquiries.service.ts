import type { Transaction } from 'firebase-admin/firestore';
import { ApiError } from '../../http/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import { authorizeRecord } from '../../http/record-access.js';
import {
  type BomRevision,
  type Enquiry,
  type EnquiryFilter,
  type EnquiryInput,
  type EnquiryListItem,
  type ReleaseRefusal,
} from '../../model/enquiry.js';
import type { Page } from '../../model/paging.js';
import {
  canArchiveEnquiry,
  canCopyEnquiry,
  canEditEnquiry,
  canReopenEnquiry,
  canSeeEnquiry,
  isEnquiryCustomer,
} from '../../model/permissions-enquiries.js';
import type { Principal } from '../../model/user.js';
import type { RunTransaction } from '../../platform/transaction.js';
import { copyObject, readObject, type FileStore } from '../files/file-store.js';
import type { FileAccess } from '../files/file-owners.js';
import type { EnquiriesRepository } from './enquiries.repository.js';
import { BomReader, type BomHeaders } from './bom-reader.js';
import {
  changeEntry,
  changedFields,
  inputOf,
  newDraft,
  recordChange,
  supplierView,
  withInput,
} from './enquiry-record.js';
import {
  ENQUIRY_FOLDER_NAMES,
  enquiryBomFolder,
  enquiryFolderPath,
  isCircuitDiagram,
  type EnquiryFolder,
} from './enquiry-files.js';

export interface EnquiriesServiceDeps {
  enquiries: EnquiriesRepository;
  transaction: RunTransaction;
  now: () => Date;
  store: FileStore;
}

export type EnquiryAnswer = Enquiry | ReturnType<typeof supplierView>;

/** A BOM download (as GET /file/ streams it). */
export interface BomDownload {
  filename: string;
  size: number;
  contentType: string;
  stream: NodeJS.ReadableStream;
}

const locked = () => ApiError.conflict('enquiryLocked');

/**
 * What the enquiries area asks of the offers area, injected (EnquiriesService.useOfferHooks) so that this
 * area never imports it: whether an enquiry has an order (reopen is refused then), and the notice that a
 * released enquiry got a new BOM or circuit-diagram revision (its offers are outdated now).
 */
export interface EnquiryOfferHooks {
  /** inside the reopen transaction: is there an ACCEPTED or CONFIRMED offer on the enquiry? */
  hasOrderInTx(tx: Transaction, enquiryId: string): Promise<boolean>;
  /** after a new revision was stored (best effort: a failure does not undo the upload) */
  newRevision(enquiry: Enquiry): Promise<void>;
}

/**
 * Enquiries (issue 8; docs/api.md "Enquiries", docs/decisions-enquiries.md). Each call reads its record once,
 * checks it with the model's rules through authorizeRecord (hidden → 404, visible but not allowed → 403) and
 * writes inside the transaction that read it, so a rule and its write always agree.
 */
export class EnquiriesService {
  private readonly bom = new BomReader();
  private hooks?: EnquiryOfferHooks;

  constructor(private readonly d: EnquiriesServiceDeps) {}

  /** The offers area registers its hooks here (modules/offers/offers.module.ts). */
  useOfferHooks(hooks: EnquiryOfferHooks): void {
    this.hooks = hooks;
  }

  private async announceRevision(enquiry: Enquiry): Promise<void> {
    await this.hooks?.newRevision(enquiry).catch(() => undefined);
  }

  // --- record rules ---------------------------------------------------------------------------------

  private see(principal: Principal, enquiry: Enquiry | undefined): Enquiry {
    return authorizeRecord(principal, enquiry, { see: (e) => canSeeEnquiry(principal, e), seesAll: false });
  }

  /** The customer's own enquiry, not locked (edit, release, its files): 404 / 403 / 409 enquiryLocked. */
  private editable(principal: Principal, enquiry: Enquiry | undefined): Enquiry {
    const e = authorizeRecord(principal, enquiry, {
      see: (r) => canSeeEnquiry(principal, r),
      act: (r) => isEnquiryCustomer(principal, r),
      seesAll: false,
    });
    if (!canEditEnquiry(principal, e)) throw locked();
    return e;
  }

  private act(principal: Principal, enquiry: Enquiry | undefined, rule: typeof canArchiveEnquiry): Enquiry {
    return authorizeRecord(principal, enquiry, {
      see: (r) => canSeeEnquiry(principal, r),
      act: (r) => rule(principal, r),
      seesAll: false,
    });
  }

  private answer(principal: Principal, enquiry: Enquiry): EnquiryAnswer {
    return isEnquiryCustomer(principal, enquiry) ? enquiry : supplierView(enquiry);
  }

  /** Reads, checks and writes one enquiry in a transaction; `change` returns the new record (or the same one). */
  private async change(
    enquiryId: string,
    check: (e: Enquiry | undefined) => Enquiry,
    change: (e: Enquiry, tx: Transaction) => Promise<Enquiry> | Enquiry,
  ): Promise<Enquiry> {
    return this.d.transaction(async (tx) => {
      const before = check(await this.d.enquiries.getInTx(tx, enquiryId));
      const after = await change(before, tx);
      if (after !== before) this.d.enquiries.setInTx(tx, after);
      return after;
    });
  }

  // --- the calls ------------------------------------------------------------------------------------

  /** GET /enquiry/ */
  async get(principal: Principal, id: string): Promise<EnquiryAnswer> {
    return this.answer(principal, this.see(principal, await this.d.enquiries.get(id)));
  }

  /** GET /enquiry/filter: customers their company's enquiries (all states), suppliers the open market. */
  async filter(principal: Principal, q: EnquiryFilter): Promise<Page<EnquiryListItem>> {
    const scope =
      principal.companyType === 'CUSTOMER' ? { customerId: principal.company.id } : { openToSuppliers: true };
    return this.d.enquiries.page({
      ...scope,
      title: q.title,
      column: q.column ?? 'createDate',
      sortDescending: q.column ? q.sortDescending : true,
      page: q.page,
      paginationSize: q.paginationSize,
    });
  }

  /** POST /enquiry/: a new draft of the caller's (customer) company. */
  async create(principal: Principal, body: EnquiryInput): Promise<Enquiry> {
    const enquiry = newDraft(principal, this.d.enquiries.newId(), inputOf(body), this.d.now(), 'create');
    await this.d.transaction(async (tx) => this.d.enquiries.createInTx(tx, enquiry));
    return enquiry;
  }

  /** POST /enquiry/update: the input fields; a change entry naming the changed fields (none: no write). */
  async update(principal: Principal, body: EnquiryInput & { id: string }): Promise<Enquiry> {
    const input = inputOf(body);
    return this.change(
      body.id,
      (e) => this.editable(principal, e),
      (before) => {
        const fields = changedFields(before, input);
        if (!fields.length) return before;
        return recordChange(withInput(before, input), changeEntry(principal, 'update', this.d.now(), fields));
      },
    );
  }

  /** What a release still lacks (spec 01 §5 warnings, in the form's order). */
  async missingForRelease(enquiry: Enquiry): Promise<ReleaseRefusal[]> {
    const missing: ReleaseRefusal[] = [];
    if (!enquiry.bomFileName || !enquiry.bomRevision) missing.push('missingBOM');
    const documents = await this.d.store.list(enquiryFolderPath('documents', enquiry.id));
    if (!documents.some(isCircuitDiagram)) missing.push('missingCircuitDiagram');
    return missing;
  }

  /** POST /enquiry/release: needs the BOM and a circuit-diagram PDF (422 with every missing one in details). */
  async release(principal: Principal, enquiryId: string): Promise<Enquiry> {
    return this.change(
      enquiryId,
      (e) => this.editable(principal, e),
      async (before) => {
        const missing = await this.missingForRelease(before);
        if (missing.length) throw new ApiError(422, missing[0]!, missing);
        const now = this.d.now();
        return recordChange(
          {
            ...before,
            released: true,
            releaseDate: now,
            firstReleaseDate: before.firstReleaseDate ?? now,
            circuitDiagramRevision: Math.max(1, before.circuitDiagramRevision),
          },
          changeEntry(principal, 'release', now),
        );
      },
    );
  }

  /** GET|POST /enquiry/reopen: a released or closed enquiry becomes an editable draft (releaseDate kept). */
  async reopen(principal: Principal, enquiryId: string): Promise<Enquiry> {
    return this.change(
      enquiryId,
      (e) => this.act(principal, e, canReopenEnquiry),
      async (before, tx) => {
        // an order is binding: its enquiry stays closed (read in the same transaction as the accept writes)
        if (await this.hooks?.hasOrderInTx(tx, before.id)) throw ApiError.conflict('enquiryHasOrder');
        return recordChange(
          { ...before, released: false, closed: false },
          changeEntry(principal, 'reopen', this.d.now()),
        );
      },
    );
  }

  /** POST /enquiry/archive (instead of delete; the web's bulk archive calls it per id). */
  async archive(principal: Principal, enquiryId: string): Promise<Enquiry> {
    return this.change(
      enquiryId,
      (e) => this.act(principal, e, canArchiveEnquiry),
      (before) => recordChange({ ...before, archived: true }, changeEntry(principal, 'archive', this.d.now())),
    );
  }

  /**
   * Marks a released enquiry closed (no route of its own: the offers issue calls it when an offer is
   * accepted). Idempotent; 404 for an unknown id, 409 for a draft or an archived enquiry.
   */
  async close(enquiryId: string, actor: { uid: string; userName: string }): Promise<Enquiry> {
    return this.change(
      enquiryId,
      (e) => {
        if (!e) throw ApiError.notFound();
        if (!e.closed && (!e.released || e.archived)) throw ApiError.conflict();
        return e;
      },
      (before) => this.closed(before, actor),
    );
  }

  /** The enquiry closed (unchanged when it already is): what `close` and `closeInTx` write. */
  private closed(before: Enquiry, actor: { uid: string; userName: string }): Enquiry {
    if (before.closed) return before;
    const entry = { date: this.d.now(), userId: actor.uid, userName: actor.userName, action: 'close' as const };
    return recordChange({ ...before, closed: true }, entry);
  }

  /** An enquiry read inside another area's transaction (the offers' accept reads it with the offer). */
  async getInTx(tx: Transaction, enquiryId: string): Promise<Enquiry | undefined> {
    return this.d.enquiries.getInTx(tx, enquiryId);
  }

  /** The enquiry as stored (no caller rules: the calling area applies its own). */
  async record(enquiryId: string): Promise<Enquiry | undefined> {
    return this.d.enquiries.get(enquiryId);
  }

  /** `close` inside the caller's transaction, on the enquiry it read there (accepting an offer). */
  closeInTx(tx: Transaction, enquiry: Enquiry, actor: { uid: string; userName: string }): Enquiry {
    const after = this.closed(enquiry, actor);
    if (after !== enquiry) this.d.enquiries.setInTx(tx, after);
    return after;
  }

  /**
   * POST /enquiry/copy: a new draft with the same input fields and copies of all files (documents,
   * regulation, language; the current BOM as revision 1). Files are copied first; the record follows.
   */
  async copy(principal: Principal, id: string): Promise<Enquiry> {
    const source = this.act(principal, await this.d.enquiries.get(id), canCopyEnquiry);
    const now = this.d.now();
    const draft = newDraft(principal, this.d.enquiries.newId(), inputOf(source), now, 'copy');
    const copied: string[] = [];
    try {
      let circuitDiagrams = 0;
      for (const folder of ENQUIRY_FOLDER_NAMES) {
        for (const o of await this.d.store.list(enquiryFolderPath(folder, source.id))) {
          const name = o.path.slice(o.path.lastIndexOf('/') + 1);
          const to = enquiryFolderPath(folder, draft.id) + name;
          const cd = folder === 'documents' && isCircuitDiagram(o);
          // the copy never was released: its circuit diagrams start again at revision 1
          if (await copyObject(this.d.store, o.path, to, cd ? { revision: '1' } : {})) copied.push(to);
          if (cd) circuitDiagrams++;
        }
      }
      draft.circuitDiagramRevision = circuitDiagrams ? 1 : 0;
      const current = source.bomRevisions.find((r) => r.revision === source.bomRevision);
      if (source.bomFileName && current) {
        const path = this.bomPath(draft.id, current.fileName);
        if (await copyObject(this.d.store, current.path, path)) {
          copied.push(path);
          Object.assign(draft, {
            bomFileName: source.bomFileName,
            bomHeaderRowIndex: source.bomHeaderRowIndex,
            headers: source.headers,
            fieldMapping: source.fieldMapping,
            suppliedPartString: source.suppliedPartString,
            bomRevision: 1,
            bomRevisions: [
              { revision: 1, fileName: current.fileName, path, uploadDate: now, uploadedBy: principal.uid },
            ],
          });
        }
      }
      await this.d.transaction(async (tx) => this.d.enquiries.createInTx(tx, draft));
      return draft;
    } catch (error) {
      await Promise.all(copied.map((p) => this.d.store.delete(p).catch(() => false)));
      throw error;
    }
  }

  // --- files (the owners of the /file folders call these) -----------------------------------------------

  /** Read: canSeeEnquiry; change: the customer's unlocked enquiry (409 enquiryLocked when locked). */
  async authorizeFiles(principal: Principal, enquiryId: string, access: FileAccess): Promise<Enquiry> {
    const enquiry = await this.d.enquiries.get(enquiryId);
    return access === 'read' ? this.see(principal, enquiry) : this.editable(principal, enquiry);
  }

  /**
   * A circuit diagram is about to be stored: reserves its revision number (before the first release the
   * current one is 1; after it every upload is the next revision). Returns the metadata to store with it.
   */
  async circuitDiagramRevision(principal: Principal, enquiryId: string): Promise<Record<string, string>> {
    let revision = 1;
    const after = await this.change(
      enquiryId,
      (e) => this.editable(principal, e),
      (before) => {
        revision = before.firstReleaseDate ? before.circuitDiagramRevision + 1 : 1;
        return revision === before.circuitDiagramRevision ? before : { ...before, circuitDiagramRevision: revision };
      },
    );
    if (after.firstReleaseDate) await this.announceRevision(after);
    return { revision: String(revision) };
  }

  /** An enquiry that was ever released keeps its circuit diagrams (409 enquiryLocked). */
  async assertMayDelete(principal: Principal, enquiryId: string, file: { metadata: Record<string, string> }) {
    const enquiry = await this.authorizeFiles(principal, enquiryId, 'change');
    if (file.metadata.documentType === 'CIRCUIT_DIAGRAM' && enquiry.firstReleaseDate) throw locked();
  }

  /** After an upload or delete in one of the folders: the change entry (and the circuit-diagram counter). */
  async filesChanged(principal: Principal, enquiryId: string, folder: EnquiryFolder): Promise<void> {
    const documents = folder === 'documents' ? await this.d.store.list(enquiryFolderPath('documents', enquiryId)) : [];
    await this.change(
      enquiryId,
      (e) => this.editable(principal, e),
      (before) => {
        const after = { ...before };
        // before the first release the counter is the number of the current circuit diagram: 1, or 0 when none
        if (folder === 'documents' && !before.firstReleaseDate)
          after.circuitDiagramRevision = documents.some(isCircuitDiagram) ? 1 : 0;
        return recordChange(after, changeEntry(principal, 'update', this.d.now(), [folder]));
      },
    );
  }

  // --- BOM --------------------------------------------------------------------------------------------

  private bomPath(enquiryId: string, fileName: string): string {
    return `${enquiryBomFolder(enquiryId)}${this.d.enquiries.newId()}_${fileName}`;
  }

  /**
   * POST /enquiry/bom/upload: checks and reads the file (422 bomUnreadable), stores it, then points the
   * enquiry at it. Before the first release a re-upload replaces the current file (revision 1); after it
   * each upload is the next revision and the older ones stay.
   */
  async bomUpload(
    principal: Principal,
    enquiryId: string,
    file: UploadedFile | undefined,
    headerRowIndex: number | undefined,
  ): Promise<Enquiry> {
    this.editable(principal, await this.d.enquiries.get(enquiryId));
    const read = await this.bom.headers(file, headerRowIndex);
    const path = this.bomPath(enquiryId, read.bomFileName);
    if (!(await this.d.store.createIfAbsent(path, file!.bytes, read.contentType, { uploadedBy: principal.uid })))
      throw ApiError.conflict();
    let replaced: BomRevision[] = [];
    try {
      const after = await this.change(
        enquiryId,
        (e) => this.editable(principal, e),
        (before) => {
          const now = this.d.now();
          const released = Boolean(before.firstReleaseDate);
          const revision = released ? Math.max(0, ...before.bomRevisions.map((r) => r.revision)) + 1 : 1;
          replaced = released ? [] : before.bomRevisions;
          const entry: BomRevision = {
            revision,
            fileName: read.bomFileName,
            path,
            uploadDate: now,
            uploadedBy: principal.uid,
          };
          const next: Enquiry = {
            ...before,
            bomFileName: read.bomFileName,
            bomHeaderRowIndex: read.bomHeaderRowIndex,
            headers: read.headers,
            bomRevision: revision,
            bomRevisions: released ? [...before.bomRevisions, entry] : [entry],
          };
          // a mapping belongs to the file it was made for
          delete next.fieldMapping;
          delete next.suppliedPartString;
          return recordChange(next, changeEntry(principal, 'bomUpload', now));
        },
      );
      await Promise.all(replaced.map((r) => this.d.store.delete(r.path).catch(() => false)));
      if (after.firstReleaseDate) await this.announceRevision(after);
      return after;
    } catch (error) {
      await this.d.store.delete(path).catch(() => false);
      throw error;
    }
  }

  /**
   * POST /enquiry/bom/header: the headers of a new file (the customer, while editable) or of the stored
   * current BOM (whoever sees the enquiry; saved on the enquiry when the caller may edit it).
   */
  async bomHeader(
    principal: Principal,
    enquiryId: string,
    file: UploadedFile | undefined,
    headerRowIndex: number | undefined,
  ): Promise<BomHeaders> {
    const enquiry = await this.d.enquiries.get(enquiryId);
    if (file) {
      this.editable(principal, enquiry);
      const { contentType: _type, ...read } = await this.bom.headers(file, headerRowIndex);
      return read;
    }
    const seen = this.see(principal, enquiry);
    const current = seen.bomRevisions.find((r) => r.revision === seen.bomRevision);
    if (!seen.bomFileName || !current) throw new ApiError(422, 'missingBOM', ['missingBOM']);
    const bytes = await readObject(this.d.store, current.path);
    if (!bytes) throw ApiError.notFound();
    const { contentType: _type, ...read } = await this.bom.headers(
      { field: 'file', filename: seen.bomFileName, declaredType: '', bytes },
      headerRowIndex,
    );
    if (canEditEnquiry(principal, seen)) {
      await this.change(
        enquiryId,
        (e) => this.editable(principal, e),
        (before) => {
          const next = { ...before, bomHeaderRowIndex: read.bomHeaderRowIndex, headers: read.headers };
          const fields = ['bomHeaderRowIndex', 'headers'].filter(
            (f) => JSON.stringify(before[f as keyof Enquiry]) !== JSON.stringify(next[f as keyof Enquiry]),
          );
          if (!fields.length) return before;
          return recordChange(next, changeEntry(principal, 'update', this.d.now(), fields));
        },
      );
    }
    return read;
  }

  /** GET /enquiry/bom: the current BOM or a kept revision, as an attachment. */
  async bomDownload(principal: Principal, enquiryId: string, revision: number | undefined): Promise<BomDownload> {
    const enquiry = this.see(principal, await this.d.enquiries.get(enquiryId));
    const wanted = revision ?? enquiry.bomRevision;
    const found = wanted ? enquiry.bomRevisions.find((r) => r.revision === wanted) : undefined;
    const stored = found && (await this.d.store.stat(found.path));
    if (!found || !stored) throw ApiError.notFound();
    return {
      filename: found.fileName,
      size: stored.size,
      contentType: stored.contentType,
      stream: this.d.store.read(found.path),
    };
  }

  /**
   * POST /enquiry/bom/delete: the enquiry without its current BOM. Before the first release the file is
   * deleted; after it the revisions (and their files) stay, only the current one is unset.
   */
  async bomDelete(principal: Principal, enquiryId: string): Promise<Enquiry> {
    let removed: BomRevision[] = [];
    const after = await this.change(
      enquiryId,
      (e) => this.editable(principal, e),
      (before) => {
        if (!before.bomFileName && !before.bomRevision) return before;
        removed = before.firstReleaseDate ? [] : before.bomRevisions;
        const next: Enquiry = {
          ...before,
          bomRevision: 0,
          bomRevisions: before.firstReleaseDate ? before.bomRevisions : [],
        };
        for (const f of ['bomFileName', 'bomHeaderRowIndex', 'headers', 'fieldMapping', 'suppliedPartString'] as const)
          delete next[f];
        return recordChange(next, changeEntry(principal, 'bomDelete', this.d.now()));
      },
    );
    await Promise.all(removed.map((r) => this.d.store.delete(r.path).catch(() => false)));
    return after;
  }
}
