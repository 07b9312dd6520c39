/**
 * The enquiry's folders of the generic /file calls (docs/api.md "Files"; read: canSeeEnquiry, change:
 * canEditEnquiry). The BOM folder is reached only through /enquiry/bom. Listing, download, upload and delete
 * use components/file-table and components/upload.
 */
export const enquiryFolders = {
  /** project documents with their document types (a CIRCUIT_DIAGRAM pdf is what release needs) */
  documents: (enquiryId: string) => `enquiries/${enquiryId}/documents/`,
  /** the customer's own regulation (regulation sub-dialog) */
  regulation: (enquiryId: string) => `enquiries/${enquiryId}/regulation/`,
  /** the cabinet-language file (cabinet-language sub-dialog) */
  language: (enquiryId: string) => `enquiries/${enquiryId}/language/`,
};
