import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { missingDocument, offerDocumentsPath, type Offer } from '@model/offer';
import { OFFER_TRANSITIONS } from '@model/offer-states';
import { fetchFile } from '@/components/file-table';
import { LazyPdfViewer } from '@/components/pdf-viewer';
import { FileUpload } from '@/components/upload';
import { queryKeys } from '@/lib/query-keys';
import { offerKeys } from '../api/keys';

/** The transitions that need a document of the acting side, with their dialog's texts (offers:<group>.*). */
const TEXTS = { accept: 'accept', confirm: 'confirmOrder' } as const;

export interface DocumentActionDialogProps {
  open: boolean;
  offer: Offer;
  /** accept needs the customer's ORDER pdf, confirm the supplier's ORDER_CONFIRMATION pdf */
  action: keyof typeof TEXTS;
  actionLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Accept or confirm: shows whether the needed PDF is attached - the model's `missingDocument(offer, action)` on the
 * record - with a view of it in the in-page viewer (what one accepts or confirms is read first), and offers its upload
 * right here (with the needed document type), so the warning "missing order file" comes with the way to fix it. An
 * upload changes the record: the offer is refetched, and the action waits for it.
 */
export function DocumentActionDialog({
  open,
  offer,
  action,
  actionLabel,
  busy,
  onConfirm,
  onCancel,
}: DocumentActionDialogProps) {
  const { t } = useTranslation('offers');
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [viewing, setViewing] = useState(false);
  const textKey = TEXTS[action];
  const path = offerDocumentsPath(offer.id);
  const missing = missingDocument(offer, action);
  // the document the rule counts: a fact that on its own satisfies it
  const present = missing ? undefined : offer.documents.find((f) => !missingDocument({ documents: [f] }, action));

  const uploaded = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.files.folder(path) }),
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <Dialog open={open} onClose={onCancel} aria-labelledby="document-action-title" fullWidth maxWidth="sm">
        <DialogTitle id="document-action-title">{t(`${textKey}.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(`${textKey}.text`)}</DialogContentText>
            {present ? (
              <Alert
                severity="success"
                action={
                  <Button color="inherit" size="small" onClick={() => setViewing(true)}>
                    {t('files:table.view')}
                  </Button>
                }
              >
                {t(`${textKey}.present`, { name: present.name })}
              </Alert>
            ) : (
              missing && <Alert severity="warning">{t(`notices.${missing}`)}</Alert>
            )}
            <FileUpload
              path={path}
              context="offer"
              documentType={OFFER_TRANSITIONS[action].requires}
              // only a PDF counts for the action (the model's missingDocument): the text asks for one, the rule agrees
              extensions={['pdf']}
              multiple={false}
              onUploaded={() => void uploaded()}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('actions.cancel')}</Button>
          <Button variant="contained" disabled={busy || refreshing} onClick={onConfirm}>
            {actionLabel}
          </Button>
        </DialogActions>
      </Dialog>
      {viewing && present && (
        <LazyPdfViewer
          key={present.name}
          filename={present.name}
          fetchFile={() => fetchFile({ path: path + present.name, filename: present.name })}
          onClose={() => setViewing(false)}
        />
      )}
    </>
  );
}
