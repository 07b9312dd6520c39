import {
  ENQUIRY_FOLDER_NAMES,
  ENQUIRY_FOLDERS,
  isCircuitDiagram,
  type Enquiry,
  type EnquiryFolder,
} from '../../model/enquiry.js';
import type { FileFact } from '../../model/files.js';
import type { Principal } from '../../model/user.js';
import type { FileOwner } from '../../platform/files/file-owners.js';
import type { EnquiryEvents } from './enquiries.port.js';
import { changeEntry, recordChange, userNameOf } from './enquiry-record.js';
import { fail, type EnquiryRecords } from './enquiry-records.js';

/**
 * `enquiries/{enquiryId}/documents|regulation|language/`: an enquiry's files (docs/api.md "Enquiries"), reached
 * through the generic /file calls. Read by whoever sees the enquiry, changed by its customer while it is not
 * locked. The documents folder is listed on the record (`Enquiry.documents`): the release reads its circuit
 * diagram there, in the same transaction an upload or delete writes it. Circuit diagrams carry a revision and
 * stay once the enquiry was released.
 */
export function enquiryFileOwners(
  records: EnquiryRecords,
  events: Pick<EnquiryEvents, 'circuitDiagramRevised'>,
  now: () => Date,
): FileOwner[] {
  const editable = (principal: Principal) => (e: Enquiry | undefined) => records.editable(principal, e);
  return ENQUIRY_FOLDER_NAMES.map((folder: EnquiryFolder): FileOwner => {
    const owner: FileOwner = {
      prefix: ENQUIRY_FOLDERS[folder].prefix,
      context: ENQUIRY_FOLDERS[folder].context,
      async authorize(principal, { enquiryId }, access) {
        const enquiry = await records.repo.get(enquiryId!);
        const seen = access === 'read' ? records.see(principal, enquiry) : records.editable(principal, enquiry);
        return folder === 'documents' ? { facts: seen.documents } : undefined;
      },
    };
    if (folder !== 'documents')
      return {
        ...owner,
        async afterChange(principal, { enquiryId }) {
          await records.change(enquiryId!, editable(principal), (before) =>
            recordChange(before, changeEntry(principal, 'update', now(), [folder])),
          );
        },
      };
    return {
      ...owner,
      async recordUpload(principal, { enquiryId }, upload) {
        let fact: FileFact | undefined;
        const after = await records.change(enquiryId!, editable(principal), (before) => {
          const date = now();
          const circuitDiagram = isCircuitDiagram(upload);
          // before the first release the current circuit diagram is revision 1; after it each upload is the next
          const revision = before.firstReleaseDate ? before.circuitDiagramRevision + 1 : 1;
          fact = {
            name: upload.name,
            documentType: upload.documentType,
            uploadedByName: userNameOf(principal),
            uploadDate: date,
            ...(circuitDiagram ? { revision } : {}),
          };
          return recordChange(
            {
              ...before,
              documents: [...before.documents, fact],
              ...(circuitDiagram ? { circuitDiagramRevision: revision } : {}),
            },
            changeEntry(principal, 'update', date, ['documents']),
          );
        });
        if (isCircuitDiagram(upload) && after.firstReleaseDate) await events.circuitDiagramRevised.emit(after);
        return fact!;
      },
      async recordDelete(principal, { enquiryId }, name) {
        let listed = false;
        await records.change(enquiryId!, editable(principal), (before) => {
          const fact = before.documents.find((f) => f.name === name);
          if (!fact) return before;
          // an enquiry that was ever released keeps its circuit diagrams
          if (isCircuitDiagram(fact) && before.firstReleaseDate) throw fail.enquiryLocked();
          listed = true;
          const documents = before.documents.filter((f) => f !== fact);
          return recordChange(
            {
              ...before,
              documents,
              // before the first release the counter is the number of the current circuit diagram: 1, or 0 when none
              ...(before.firstReleaseDate ? {} : { circuitDiagramRevision: documents.some(isCircuitDiagram) ? 1 : 0 }),
            },
            changeEntry(principal, 'update', now(), ['documents']),
          );
        });
        return listed;
      },
    };
  });
}
