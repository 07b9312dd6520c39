import type { Transaction } from 'firebase-admin/firestore';
import {
  ENQUIRY_FOLDER_NAMES,
  enquiryBomFolder,
  enquiryFolderPath,
  isCircuitDiagram,
  releaseRefusals,
  type Enquiry,
  type EnquiryFilter,
  type EnquiryInput,
  type EnquiryListItem,
  type EnquiryOrder,
} from '../../model/enquiry.js';
import type { FileFact } from '../../model/files.js';
import type { Page } from '../../model/paging.js';
import {
  canCopyEnquiry,
  enquiryOrderRefusal,
  mayRequestArchive,
  mayRequestReopen,
} from '../../model/permissions-enquiries.js';
import type { Principal } from '../../model/user.js';
import type { FileDiscard } from '../../platform/files/discard.js';
import { copyObject, type FileStore } from '../../platform/files/file-store.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { EnquiryEvents } from './enquiries.port.js';
import { changeEntry, changedFields, inputOf, newDraft, recordChange, withInput } from './enquiry-record.js';
import { fail, type EnquiryAnswer, type EnquiryRecords } from './enquiry-records.js';

export interface EnquiriesServiceDeps {
  records: EnquiryRecords;
  events: EnquiryEvents;
  transaction: RunTransaction;
  now: () => Date;
  store: FileStore;
  discard: Pick<FileDiscard, 'discard'>;
  newId: () => string;
}

/**
 * The enquiry's lifecycle (issue 8; docs/api.md "Enquiries", docs/decisions-enquiries.md): read, list, create,
 * edit, release, reopen, archive, close and copy. Its BOM is `EnquiryBomService`, its folders' rules are the file
 * owners of `enquiry-file-owners.ts`.
 */
export class EnquiriesService {
  constructor(private readonly d: EnquiriesServiceDeps) {}

  private get records() {
    return this.d.records;
  }

  /** GET /enquiry/ */
  async get(principal: Principal, id: string): Promise<EnquiryAnswer> {
    return this.records.answer(principal, this.records.see(principal, await this.records.repo.get(id)));
  }

  /** GET /enquiry/filter: customers their company's enquiries (all states), suppliers the open market. */
  async filter(principal: Principal, q: EnquiryFilter): Promise<Page<EnquiryListItem>> {
    return this.records.repo.page({ ...listQuery(principal, q), page: q.page, paginationSize: q.paginationSize });
  }

  /** POST /enquiry/export: every row /enquiry/filter would list for these filters. */
  rows(principal: Principal, q: EnquiryFilter) {
    return this.records.repo.rows(listQuery(principal, q));
  }

  /** POST /enquiry/: a new draft of the caller's (customer) company. */
  async create(principal: Principal, body: EnquiryInput): Promise<Enquiry> {
    const enquiry = newDraft(principal, this.d.newId(), inputOf(body), this.d.now(), 'create');
    await this.d.transaction(async (tx) => this.records.repo.createInTx(tx, enquiry));
    return enquiry;
  }

  /** POST /enquiry/update: the input fields; a change entry naming the changed fields (none: no write). */
  async update(principal: Principal, body: EnquiryInput & { id: string }): Promise<Enquiry> {
    const input = inputOf(body);
    return this.records.change(
      body.id,
      (e) => this.records.editable(principal, e),
      (before) => {
        const fields = changedFields(before, input);
        if (!fields.length) return before;
        return recordChange(withInput(before, input), changeEntry(principal, 'update', this.d.now(), fields));
      },
    );
  }

  /**
   * POST /enquiry/release: needs the BOM and a circuit-diagram PDF (422 with every missing one in details), read
   * from the record in the transaction that releases it (a concurrent delete of the diagram decides on the same facts).
   */
  async release(principal: Principal, enquiryId: string): Promise<Enquiry> {
    const after = await this.records.change(
      enquiryId,
      (e) => this.records.editable(principal, e),
      (before) => {
        const missing = releaseRefusals(before);
        if (missing.length) throw fail[missing[0]!](missing);
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
    await this.d.events.openChanged.emit(after);
    return after;
  }

  /**
   * GET|POST /enquiry/reopen: a released enquiry becomes an editable draft (releaseDate kept). A closed one is
   * refused (409 enquiryHasOrder): the order that closed it is binding. Decided on the record read in the
   * transaction, which an accept writes too, so a reopen and an accept racing it cannot both win.
   */
  async reopen(principal: Principal, enquiryId: string): Promise<Enquiry> {
    const after = await this.records.change(
      enquiryId,
      (e) => this.records.act(principal, e, mayRequestReopen),
      (before) => {
        if (enquiryOrderRefusal(before, 'reopen')) throw fail.enquiryHasOrder();
        return recordChange({ ...before, released: false }, changeEntry(principal, 'reopen', this.d.now()));
      },
    );
    await this.d.events.openChanged.emit(after);
    return after;
  }

  /**
   * POST /enquiry/archive (instead of delete). A closed enquiry only once its order is confirmed (409
   * enquiryHasOrder before), read from the record in the transaction the confirm writes too: never an archived
   * enquiry with an unconfirmed order.
   */
  async archive(principal: Principal, enquiryId: string): Promise<Enquiry> {
    const after = await this.records.change(
      enquiryId,
      (e) => this.records.act(principal, e, mayRequestArchive),
      (before) => {
        if (enquiryOrderRefusal(before, 'archive')) throw fail.enquiryHasOrder();
        return recordChange({ ...before, archived: true }, changeEntry(principal, 'archive', this.d.now()));
      },
    );
    await this.d.events.openChanged.emit(after);
    return after;
  }

  /** The enquiry closed by this order (unchanged when it already is). */
  private closed(before: Enquiry, actor: { uid: string; userName: string }, order?: EnquiryOrder): Enquiry {
    if (before.closed) return before;
    const entry = { date: this.d.now(), userId: actor.uid, userName: actor.userName, action: 'close' as const };
    return recordChange({ ...before, closed: true, ...(order ? { order } : {}) }, entry);
  }

  /** An enquiry read inside another area's transaction (the offers' actions read it with the offer). */
  async getInTx(tx: Transaction, enquiryId: string): Promise<Enquiry | undefined> {
    return this.records.repo.getInTx(tx, enquiryId);
  }

  /** The enquiry as stored (no caller rules: the calling area applies its own). */
  async record(enquiryId: string): Promise<Enquiry | undefined> {
    return this.records.repo.get(enquiryId);
  }

  /**
   * Closes the enquiry inside the caller's transaction, on the enquiry it read there (accepting an offer: `order`
   * names it, unconfirmed).
   */
  closeInTx(
    tx: Transaction,
    enquiry: Enquiry,
    actor: { uid: string; userName: string },
    order?: EnquiryOrder,
  ): Enquiry {
    const after = this.closed(enquiry, actor, order);
    if (after !== enquiry) this.records.repo.setInTx(tx, after);
    return after;
  }

  /**
   * Records inside the caller's transaction that the order which closed the enquiry was confirmed (the supplier's
   * confirm, on the enquiry it read there): from now on the customer may archive it.
   */
  confirmOrderInTx(tx: Transaction, enquiry: Enquiry, offerId: string): Enquiry {
    if (!enquiry.order || enquiry.order.offerId !== offerId || enquiry.order.confirmed) return enquiry;
    const after = { ...enquiry, order: { ...enquiry.order, confirmed: true }, lastUpdate: this.d.now() };
    this.records.repo.setInTx(tx, after);
    return after;
  }

  /**
   * The order that closed the enquiry lapsed unconfirmed (the offers' scheduled lapse, inside its transaction on the
   * enquiry it read there): the enquiry is open for offers again, as it was released (its releaseDate kept, so the
   * other offers are not outdated), and holds no order. Unchanged when another order closed it.
   */
  reopenForOffersInTx(tx: Transaction, enquiry: Enquiry, offerId: string): Enquiry {
    if (!enquiry.closed || enquiry.order?.offerId !== offerId || enquiry.order.confirmed) return enquiry;
    const { order: _lapsed, ...rest } = enquiry;
    const entry = { date: this.d.now(), userId: 'platform', userName: 'Schrankwerk', action: 'orderLapsed' as const };
    const after = recordChange({ ...rest, closed: false }, entry);
    this.records.repo.setInTx(tx, after);
    return after;
  }

  /**
   * POST /enquiry/copy: a new draft with the same input fields and copies of all files (documents, regulation,
   * language; the current BOM as revision 1). Files are copied first; the record follows (copies are removed
   * again when it cannot be written).
   */
  async copy(principal: Principal, id: string): Promise<Enquiry> {
    const source = this.records.act(principal, await this.records.repo.get(id), canCopyEnquiry);
    const now = this.d.now();
    const draft = newDraft(principal, this.d.newId(), inputOf(source), now, 'copy');
    const copied: string[] = [];
    const copy = async (from: string, to: string) => {
      const done = await copyObject(this.d.store, from, to, {});
      if (done) copied.push(to);
      return done;
    };
    try {
      // the documents the source lists, as its facts; the copy never was released: circuit diagrams are revision 1
      const documents: FileFact[] = [];
      for (const fact of source.documents) {
        const from = enquiryFolderPath('documents', source.id) + fact.name;
        if (!(await copy(from, enquiryFolderPath('documents', draft.id) + fact.name))) continue;
        const { revision: _revision, ...rest } = fact;
        documents.push({ ...rest, ...(isCircuitDiagram(fact) ? { revision: 1 } : {}) });
      }
      for (const folder of ENQUIRY_FOLDER_NAMES.filter((f) => f !== 'documents')) {
        for (const o of await this.d.store.list(enquiryFolderPath(folder, source.id))) {
          await copy(o.path, enquiryFolderPath(folder, draft.id) + o.path.slice(o.path.lastIndexOf('/') + 1));
        }
      }
      draft.documents = documents;
      draft.circuitDiagramRevision = documents.some(isCircuitDiagram) ? 1 : 0;
      const current = source.bomRevisions.find((r) => r.revision === source.bomRevision);
      if (source.bomFileName && current) {
        const path = `${enquiryBomFolder(draft.id)}${this.d.newId()}_${current.fileName}`;
        if (await copy(current.path, path)) {
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
      await this.d.transaction(async (tx) => this.records.repo.createInTx(tx, draft));
      return draft;
    } catch (error) {
      await this.d.discard.discard(copied);
      throw error;
    }
  }
}

/** The list a caller sees: customers their company's enquiries (all states), suppliers the open market. */
function listQuery(principal: Principal, q: EnquiryFilter) {
  const scope = principal.companyType === 'CUSTOMER' ? { customerId: principal.company.id } : { openToSuppliers: true };
  return {
    ...scope,
    title: q.title,
    column: q.column ?? ('createDate' as const),
    sortDescending: q.column ? q.sortDescending : true,
  };
}
