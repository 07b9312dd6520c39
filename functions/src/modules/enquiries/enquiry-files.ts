import { extensionOf } from '../../model/files.js';
import type { StoredObject } from '../files/file-store.js';

/**
 * Where an enquiry keeps its files (docs/api.md "Enquiries"). The three folders are reached through the
 * generic /file calls (owners in modules/files/owners/enquiry-files.ts); the BOM folder only through the
 * /enquiry/bom calls.
 */
export const ENQUIRY_FOLDERS = {
  documents: { prefix: 'enquiries/{enquiryId}/documents/', context: 'general' },
  regulation: { prefix: 'enquiries/{enquiryId}/regulation/', context: 'customerRegulation' },
  language: { prefix: 'enquiries/{enquiryId}/language/', context: 'cabinetLanguage' },
} as const;
export type EnquiryFolder = keyof typeof ENQUIRY_FOLDERS;
export const ENQUIRY_FOLDER_NAMES = Object.keys(ENQUIRY_FOLDERS) as EnquiryFolder[];

export function enquiryFolderPath(folder: EnquiryFolder, enquiryId: string): string {
  return ENQUIRY_FOLDERS[folder].prefix.replace('{enquiryId}', enquiryId);
}

export function enquiryBomFolder(enquiryId: string): string {
  return `enquiries/${enquiryId}/bom/`;
}

/** The circuit diagram release needs: a PDF in the documents folder declared CIRCUIT_DIAGRAM. */
export function isCircuitDiagram(o: Pick<StoredObject, 'path' | 'metadata'>): boolean {
  return o.metadata.documentType === 'CIRCUIT_DIAGRAM' && extensionOf(o.path) === 'pdf';
}
