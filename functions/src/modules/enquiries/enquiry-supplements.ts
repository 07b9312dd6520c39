import { ApiError } from '../../platform/api-error.js';
import { ENQUIRY_SUPPLEMENTS_PREFIX, supplementRefusal } from '../../model/enquiry-supplements.js';
import type { FileFact } from '../../model/files.js';
import type { FileOwner } from '../../platform/files/file-owners.js';
import type { EnquiryEvents } from './enquiries.port.js';
import { changeEntry, recordChange, userNameOf } from './enquiry-record.js';
import { fail, type EnquiryRecords } from './enquiry-records.js';

/**
 * `enquiries/{enquiryId}/supplements/`: the supplementary documents of a released enquiry (docs/decisions-enquiries.md
 * "Supplementary documents"), reached through the generic /file calls and the chat's copyfile. Read by whoever sees
 * the enquiry (every supplier while it is released); added by its customer while it is released and not closed
 * (409 `enquiryNotReleased` / `supplementsClosed`), within the limits of `supplementRefusal`, listed on the record
 * (`Enquiry.supplements`, with size and origin) in the transaction that checks them. Never deleted (403): suppliers
 * were told about them. Emits `supplementAdded` after the commit; no revision changes, so no offer becomes outdated.
 */
export function enquirySupplementsOwner(
  records: EnquiryRecords,
  events: Pick<EnquiryEvents, 'supplementAdded'>,
  now: () => Date,
): FileOwner {
  return {
    prefix: ENQUIRY_SUPPLEMENTS_PREFIX,
    context: 'general',
    async authorize(principal, { enquiryId }, access) {
      const enquiry = await records.repo.get(enquiryId!);
      const seen = access === 'read' ? records.see(principal, enquiry) : records.supplementable(principal, enquiry);
      return { facts: seen.supplements };
    },
    async recordUpload(principal, { enquiryId }, upload) {
      let fact: FileFact | undefined;
      const after = await records.change(
        enquiryId!,
        (e) => records.supplementable(principal, e),
        (before) => {
          const refusal = supplementRefusal(before, upload);
          if (refusal) throw fail[refusal]();
          const date = now();
          fact = {
            name: upload.name,
            documentType: upload.documentType,
            uploadedByName: userNameOf(principal),
            uploadDate: date,
            size: upload.size,
            origin: upload.origin ?? { kind: 'upload' },
          };
          return recordChange(
            { ...before, supplements: [...before.supplements, fact] },
            changeEntry(principal, 'update', date, ['supplements']),
          );
        },
      );
      await events.supplementAdded.emit({
        enquiry: after,
        supplement: fact!,
        by: { uid: principal.uid, name: userNameOf(principal) },
      });
      return fact!;
    },
    async recordDelete() {
      throw ApiError.forbidden();
    },
  };
}
