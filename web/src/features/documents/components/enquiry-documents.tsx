import { Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enquiryFolderPath } from '@model/enquiry';
import { canAddSupplement, enquirySupplementsPath } from '@model/enquiry-supplements';
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

/** A supplementary document is never a circuit diagram or BOM (those are revisions after a reopen). */
const SUPPLEMENT_DOCUMENT_TYPES: readonly DocumentType[] = ['UNKNOWN', 'LABELLING', 'CONNECTION_LIST'];

/**
 * The enquiry's documents folder, a panel of the enquiry page: choose the document type, then drop the files;
 * list, download, delete where the page's rule allows. An upload or delete changes the record (its `documents`,
 * which the release rule reads), so the enquiry is refetched. Below, the supplementary documents of a released
 * enquiry (model/enquiry-supplements.ts): its customer adds them while it is released, every supplier who sees it
 * reads them with their origin (chat or upload); they are never deleted.
 */
export function EnquiryDocuments({ record: enquiry, caller, canChange }: RecordPanelProps<'enquiry'>) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: enquiryKeys.detail(enquiry.id) });
  const canSupplement = canAddSupplement(caller, enquiry);
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
        onChange={refetch}
      />
      {(canSupplement || enquiry.supplements.length > 0) && (
        <Stack spacing={2} component="section" aria-label={t('supplements.title')} data-testid="enquiry-supplements">
          <Typography variant="subtitle1" component="h3">
            {t('supplements.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(canSupplement ? 'supplements.hintCustomer' : 'supplements.hint')}
          </Typography>
          <FolderFiles
            path={enquirySupplementsPath(enquiry.id)}
            context="general"
            canChange={canSupplement}
            canDelete={false}
            documentTypes={SUPPLEMENT_DOCUMENT_TYPES}
            onChange={refetch}
          />
        </Stack>
      )}
    </Stack>
  );
}
