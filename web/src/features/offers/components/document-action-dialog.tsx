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
import { useTranslation } from 'react-i18next';
import { extensionOf, type AttachedFile, type DocumentType } from '@model/files';
import { useFiles, useRefreshFiles } from '@/components/file-table';
import { FileUpload } from '@/components/upload';
import { offerDocumentsPath } from '../api/offer-files';

/** The PDF of this document type among the offer's files, if any (spec 01 §5: order and confirmation PDFs). */
export function documentOf(files: readonly AttachedFile[], type: DocumentType): AttachedFile | undefined {
  return files.find((f) => f.fileType === type && extensionOf(f.filename) === 'pdf');
}

export interface DocumentActionDialogProps {
  open: boolean;
  offerId: string;
  /** the document the transition needs (ORDER for accept, ORDER_CONFIRMATION for confirm) */
  documentType: DocumentType;
  /** i18n group with title, text, present (accept / confirmOrder) */
  textKey: 'accept' | 'confirmOrder';
  /** the action button's label and the warning when the document is missing */
  actionLabel: string;
  missingText: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Accept or confirm: shows whether the needed PDF is attached and offers its upload right here (with the
 * needed document type), so the warning "missing order file" comes with the way to fix it.
 */
export function DocumentActionDialog({
  open,
  offerId,
  documentType,
  textKey,
  actionLabel,
  missingText,
  busy,
  onConfirm,
  onCancel,
}: DocumentActionDialogProps) {
  const { t } = useTranslation('offers');
  const path = offerDocumentsPath(offerId);
  const files = useFiles(path, { enabled: open });
  const refresh = useRefreshFiles(path);
  const present = documentOf(files.data ?? [], documentType);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="document-action-title" fullWidth maxWidth="sm">
      <DialogTitle id="document-action-title">{t(`${textKey}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t(`${textKey}.text`)}</DialogContentText>
          {present ? (
            <Alert severity="success">{t(`${textKey}.present`, { name: present.filename })}</Alert>
          ) : (
            !files.isPending && <Alert severity="warning">{missingText}</Alert>
          )}
          <FileUpload
            path={path}
            context="offer"
            documentType={documentType}
            multiple={false}
            onUploaded={() => void refresh()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={onConfirm}>
          {actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
