import { Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@model/files';
import { offerDocumentsPath } from '@model/offer';
import { type OfferSide } from '@model/offer-states';
import { canChangeOfferFiles, offerSide } from '@model/permissions-offers';
import { FolderFiles } from '@/components/file-table';
import type { RecordPanelProps } from '@/lib/feature';
import { offerKeys } from '../api/keys';

/** The document types each side attaches (spec 01 §5: offer PDF, order PDF, order-confirmation PDF). */
export const OFFER_DOCUMENT_TYPES: Record<OfferSide, readonly DocumentType[]> = {
  supplier: ['OFFER', 'ORDER_CONFIRMATION', 'CIRCUIT_DIAGRAM', 'LEGAL_DOCUMENT', 'UNKNOWN'],
  customer: ['ORDER', 'LEGAL_DOCUMENT', 'UNKNOWN'],
};

/**
 * The offer's documents, a panel of the offer page (context `offer`: no csv/txt): choose the document type of
 * the caller's side, drop the files; list (with who uploaded each and the side), download, delete (the server
 * refuses other-side files and the ones a transition relied on). Who may upload: the model's
 * `canChangeOfferFiles`. An upload or delete changes the record (its `documents`, which the transitions' rule
 * reads), so the offer's queries are refetched.
 */
export function OfferDocuments({ record: offer, caller }: RecordPanelProps<'offer'>) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const side = offerSide(caller, offer) ?? 'supplier';
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('offer.hint')}
      </Typography>
      <FolderFiles
        path={offerDocumentsPath(offer.id)}
        context="offer"
        canChange={canChangeOfferFiles(caller, offer)}
        documentTypes={OFFER_DOCUMENT_TYPES[side]}
        onChange={() => queryClient.invalidateQueries({ queryKey: offerKeys.all })}
      />
    </Stack>
  );
}
