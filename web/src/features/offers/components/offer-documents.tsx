import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OfferSide } from '@model/offer';
import { FolderFiles } from '@/components/file-table';
import { OFFER_DOCUMENT_TYPES, offerDocumentsPath } from '../api/offer-files';

/**
 * The offer's documents (context `offer`: no csv/txt): choose the document type of the caller's side, drop
 * the files; list, download, delete (the server refuses other-side files and the ones a transition relied on).
 */
export function OfferDocuments({
  offerId,
  side,
  canChange,
}: {
  offerId: string;
  side?: OfferSide;
  canChange: boolean;
}) {
  const { t } = useTranslation('offers');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('documents.hint')}
      </Typography>
      <FolderFiles
        path={offerDocumentsPath(offerId)}
        context="offer"
        canChange={canChange}
        documentTypes={OFFER_DOCUMENT_TYPES[side ?? 'supplier']}
      />
    </Stack>
  );
}
