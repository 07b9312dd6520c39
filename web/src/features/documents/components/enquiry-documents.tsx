import { Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enquiryFolderPath } from '@model/enquiry';
import type { DocumentType } from '@model/files';
import { FolderFiles } from '@/components/file-table';
import type { RecordPanelProps } from '@/lib/feature';
import { enquiryKeys } from '../api/keys';

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

/**
 * The enquiry's documents folder, a panel of the enquiry page: choose the document type, then drop the files;
 * list, download, delete where the page's rule allows. An upload or delete changes the record (its `documents`,
 * which the release rule reads), so the enquiry is refetched.
 */
export function EnquiryDocuments({ record: enquiry, canChange }: RecordPanelProps<'enquiry'>) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('enquiry.hint')}
      </Typography>
      <FolderFiles
        path={enquiryFolderPath('documents', enquiry.id)}
        context="general"
        canChange={canChange}
        documentTypes={ENQUIRY_DOCUMENT_TYPES}
        onChange={() => queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiry.id) })}
      />
    </Stack>
  );
}
