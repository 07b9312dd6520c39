import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@model/files';
import { enquiryFolders } from '../api/enquiry-files';
import { FolderFiles } from '@/components/file-table';

/**
 * The document types an enquiry's files carry (spec 02 §5/§9; each allowed for some extension of the
 * general upload: CIRCUIT_DIAGRAM pdf is what the release needs).
 */
export const ENQUIRY_DOCUMENT_TYPES: readonly DocumentType[] = [
  'CIRCUIT_DIAGRAM',
  'BILL_OF_MATERIAL',
  'LABELLING',
  'CONNECTION_LIST',
  'UNKNOWN',
];

/** The documents folder: choose the document type, then drop the files; list, download, delete. */
export function EnquiryDocuments({ enquiryId, canChange }: { enquiryId: string; canChange: boolean }) {
  const { t } = useTranslation('enquiries');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('documents.hint')}
      </Typography>
      <FolderFiles
        path={enquiryFolders.documents(enquiryId)}
        context="general"
        canChange={canChange}
        documentTypes={ENQUIRY_DOCUMENT_TYPES}
      />
    </Stack>
  );
}
