import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@model/files';
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
  const path = offerDocumentsPath(offerId);
  const types = OFFER_DOCUMENT_TYPES[side ?? 'supplier'];
  const [documentType, setDocumentType] = useState<DocumentType>(types[0]);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('documents.hint')}
      </Typography>
      <FolderFiles
        path={path}
        context="offer"
        canChange={canChange}
        documentType={documentType}
        uploadHeader={
          <TextField
            select
            id="offer-document-type"
            label={t('documents.documentType')}
            value={documentType}
            onChange={(e) => setDocumentType(e.target.value as DocumentType)}
            sx={{ maxWidth: 320 }}
          >
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`files:documentTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      />
    </Stack>
  );
}
