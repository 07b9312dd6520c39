import type { Transaction } from 'firebase-admin/firestore';
import type { UploadedFile } from '../../http/multipart.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { BOM_JOB_ERRORS } from '../../model/bom-job.js';
import { enquiryBomFolder, type BomRevision, type Enquiry } from '../../model/enquiry.js';
import { canEditEnquiry } from '../../model/permissions-enquiries.js';
import type { Principal } from '../../model/user.js';
import type { FileDiscard } from '../../platform/files/discard.js';
import { readObject, type FileStore } from '../../platform/files/file-store.js';
import type { Download } from '../../http/send-download.js';
import { BomReader, type BomHeaders } from './bom-reader.js';
import type { EnquiryEvents } from './enquiries.port.js';
import { changeEntry, recordChange } from './enquiry-record.js';
import { fail, type EnquiryRecords } from './enquiry-records.js';

export interface EnquiryBomServiceDeps {
  records: EnquiryRecords;
  events: Pick<EnquiryEvents, 'bomRevised' | 'bomReplaced'>;
  now: () => Date;
  store: FileStore;
  discard: Pick<FileDiscard, 'discard'>;
  newId: () => string;
}

/** The BOM fields a new file, or the delete, discard with the file they were made for. */
const BOM_FIELDS = [
  'bomFileName',
  'bomHeaderRowIndex',
  'headers',
  'fieldMapping',
  'suppliedPartString',
  'bomSummary',
] as const;

/**
 * An enquiry's BOM (spec 02 §7 "Enquiry BOM"): upload, headers, download, delete. Before the first release a
 * new file replaces the current one; after it every upload is the next revision and the older ones stay.
 */
export class EnquiryBomService {
  private readonly reader = new BomReader();

  constructor(private readonly d: EnquiryBomServiceDeps) {}

  private bomPath(enquiryId: string, fileName: string): string {
    return `${enquiryBomFolder(enquiryId)}${this.d.newId()}_${fileName}`;
  }

  /**
   * POST /enquiry/bom/upload: checks and reads the file (422 bomUnreadable), stores it, then points the
   * enquiry at it (the stored file goes again when the enquiry refuses it meanwhile).
   */
  async upload(
    principal: Principal,
    enquiryId: string,
    file: UploadedFile | undefined,
    headerRowIndex: number | undefined,
  ): Promise<Enquiry> {
    const { records } = this.d;
    records.editable(principal, await records.repo.get(enquiryId));
    const read = await this.reader.headers(file, headerRowIndex);
    const path = this.bomPath(enquiryId, read.bomFileName);
    if (!(await this.d.store.createIfAbsent(path, file!.bytes, read.contentType, { uploadedBy: principal.uid })))
      throw ApiError.conflict();
    let replaced: BomRevision[] = [];
    let after: Enquiry;
    try {
      after = await records.change(
        enquiryId,
        (e) => records.editable(principal, e),
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
          delete next.bomSummary;
          return recordChange(next, changeEntry(principal, 'bomUpload', now));
        },
      );
    } catch (error) {
      await this.d.discard.discard([path]);
      throw error;
    }
    await this.d.discard.discard(replaced.map((r) => r.path));
    await this.d.events.bomReplaced.emit(after);
    if (after.firstReleaseDate) await this.d.events.bomRevised.emit(after);
    return after;
  }

  /**
   * POST /enquiry/bom/header: the headers of a new file (the customer, while editable) or of the stored
   * current BOM (whoever sees the enquiry; saved on the enquiry when the caller may edit it).
   */
  async header(
    principal: Principal,
    enquiryId: string,
    file: UploadedFile | undefined,
    headerRowIndex: number | undefined,
  ): Promise<BomHeaders> {
    const { records } = this.d;
    const enquiry = await records.repo.get(enquiryId);
    if (file) {
      records.editable(principal, enquiry);
      const { contentType: _type, ...read } = await this.reader.headers(file, headerRowIndex);
      return read;
    }
    const seen = records.see(principal, enquiry);
    const current = seen.bomRevisions.find((r) => r.revision === seen.bomRevision);
    if (!seen.bomFileName || !current) throw fail.missingBOM(['missingBOM']);
    const bytes = await readObject(this.d.store, current.path);
    if (!bytes) throw ApiError.notFound();
    const { contentType: _type, ...read } = await this.reader.headers(
      { field: 'file', filename: seen.bomFileName, declaredType: '', bytes },
      headerRowIndex,
    );
    if (canEditEnquiry(principal, seen)) {
      await records.change(
        enquiryId,
        (e) => records.editable(principal, e),
        (before) => {
          const next = { ...before, bomHeaderRowIndex: read.bomHeaderRowIndex, headers: read.headers };
          const fields = (['bomHeaderRowIndex', 'headers'] as const).filter(
            (f) => JSON.stringify(before[f]) !== JSON.stringify(next[f]),
          );
          if (!fields.length) return before;
          return recordChange(next, changeEntry(principal, 'update', this.d.now(), [...fields]));
        },
      );
    }
    return read;
  }

  /** GET /enquiry/bom: the current BOM or a kept revision, as an attachment. */
  async download(principal: Principal, enquiryId: string, revision: number | undefined): Promise<Download> {
    const enquiry = this.d.records.see(principal, await this.d.records.repo.get(enquiryId));
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
  async delete(principal: Principal, enquiryId: string): Promise<Enquiry> {
    const { records } = this.d;
    let removed: BomRevision[] = [];
    const after = await records.change(
      enquiryId,
      (e) => records.editable(principal, e),
      (before) => {
        if (!before.bomFileName && !before.bomRevision) return before;
        removed = before.firstReleaseDate ? [] : before.bomRevisions;
        const next: Enquiry = {
          ...before,
          bomRevision: 0,
          bomRevisions: before.firstReleaseDate ? before.bomRevisions : [],
        };
        for (const f of BOM_FIELDS) delete next[f];
        return recordChange(next, changeEntry(principal, 'bomDelete', this.d.now()));
      },
    );
    await this.d.discard.discard(removed.map((r) => r.path));
    await this.d.events.bomReplaced.emit(after);
    return after;
  }

  // --- accessors of the BOM jobs (modules/bom-jobs): the record rules stay here ---

  /** The enquiry the caller sees (404 when hidden). */
  async seen(principal: Principal, enquiryId: string): Promise<Enquiry> {
    return this.d.records.see(principal, await this.d.records.repo.get(enquiryId));
  }

  /** The customer's unlocked enquiry (404 / 403 / 409 enquiryLocked). */
  async editable(principal: Principal, enquiryId: string): Promise<Enquiry> {
    return this.d.records.editable(principal, await this.d.records.repo.get(enquiryId));
  }

  /** The same rule inside a transaction of the caller (a line edit decides on the enquiry it read there). */
  async editableInTx(tx: Transaction, principal: Principal, enquiryId: string): Promise<Enquiry> {
    return this.d.records.editable(principal, await this.d.records.repo.getInTx(tx, enquiryId));
  }

  /** The enquiry as stored, without a check (an offer's BOM: the offer's rules decide, docs/decisions-bom.md). */
  async record(enquiryId: string): Promise<Enquiry | undefined> {
    return this.d.records.repo.get(enquiryId);
  }

  /** The bytes of the enquiry's current BOM file (422 missingBOM without one). */
  async currentFile(enquiry: Enquiry): Promise<{ bytes: Uint8Array; fileName: string; revision: number }> {
    if (!enquiry.bomFileName) throw fail.missingBOM(['missingBOM']);
    return this.revisionFile(enquiry, enquiry.bomRevision);
  }

  /** The bytes of a kept BOM revision (an offer maps the revision it priced; 422 missingBOM when it is gone). */
  async revisionFile(
    enquiry: Enquiry,
    revision: number,
  ): Promise<{ bytes: Uint8Array; fileName: string; revision: number }> {
    const current = enquiry.bomRevisions.find((r) => r.revision === revision);
    if (!current) throw fail.missingBOM(['missingBOM']);
    const bytes = await readObject(this.d.store, current.path);
    if (!bytes) throw ApiError.notFound();
    return { bytes, fileName: current.fileName, revision: current.revision };
  }

  /**
   * Saves a mapping made for `revision` (POST /enquiry/bom/map): mapping, header row, supplied-part marker and the
   * lines' summary, with the caller's own writes (`also`) in the same transaction. 409 bomChanged when another
   * file became current meanwhile.
   */
  async saveMapping(
    principal: Principal,
    enquiryId: string,
    revision: number,
    fields: Required<Pick<Enquiry, 'fieldMapping' | 'bomHeaderRowIndex' | 'headers' | 'bomSummary'>> &
      Pick<Enquiry, 'suppliedPartString'>,
    also: (tx: Transaction, enquiry: Enquiry) => Promise<void> | void,
  ): Promise<Enquiry> {
    const { records } = this.d;
    return records.change(
      enquiryId,
      (e) => records.editable(principal, e),
      async (before, tx) => {
        if (before.bomRevision !== revision || !before.bomFileName) throw errorsOf(BOM_JOB_ERRORS).bomChanged();
        const next: Enquiry = { ...before, ...fields };
        if (fields.suppliedPartString === undefined) delete next.suppliedPartString;
        await also(tx, next);
        return recordChange(next, changeEntry(principal, 'update', this.d.now(), ['fieldMapping']));
      },
    );
  }

  /** A line edit changed the counts: the summary follows inside the edit's transaction. */
  setSummaryInTx(tx: Transaction, enquiry: Enquiry, summary: Enquiry['bomSummary']): void {
    this.d.records.repo.setInTx(tx, { ...enquiry, bomSummary: summary, lastUpdate: this.d.now() });
  }
}
