import { useState } from 'react';
import { Box, Button, Link, List, ListItem, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import type { Enquiry } from '@model/enquiry';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FileIcon } from '@/components/file-table/file-table';
import { FileUpload } from '@/components/upload';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDeleteBom } from '../api/delete-bom';
import { useDownloadBom } from '../api/download-bom';
import { useUploadBom } from '../api/upload-bom';

/**
 * Spec 02 §2 BOM panel: a drop zone (.xlsx, .xls, .csv); once a file exists its name with Re-upload, Download
 * and Delete (confirmed) - only Download when the enquiry cannot be changed. Revisions kept from earlier
 * releases are listed with their downloads. The Map button and panel come with the BOM issue.
 */
export function BomPanel({ enquiry, canChange }: { enquiry: Enquiry; canChange: boolean }) {
  const { t } = useTranslation('enquiries');
  const [reupload, setReupload] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const uploadBom = useUploadBom();
  const deleteBom = useDeleteBom();
  const downloadBom = useDownloadBom();
  const current = enquiry.bomFileName;
  const older = (enquiry.bomRevisions ?? []).filter((r) => !(current && r.revision === enquiry.bomRevision));

  const download = async (revision?: number, name = current ?? 'stueckliste') => {
    try {
      await downloadBom.mutateAsync({ enquiryId: enquiry.id, revision, fallbackName: name });
    } catch {
      notify.error(t('files:errors.downloadFailed'));
    }
  };
  const remove = async () => {
    setConfirmDelete(false);
    try {
      await deleteBom.mutateAsync(enquiry.id);
      notify.success(t('bom.deleted'));
    } catch {
      notify.error(t('bom.deleteFailed'));
    }
  };

  const dropZone = (
    <FileUpload
      context="bom"
      multiple={false}
      upload={async (file, onProgress) => {
        const answer = await uploadBom.mutateAsync({ enquiryId: enquiry.id, file, onProgress });
        setReupload(false);
        return { filename: answer.bomFileName ?? file.name };
      }}
    />
  );

  return (
    <Stack spacing={2} data-testid="bom-panel">
      <Typography variant="body2" color="text.secondary">
        {t('bom.hint')}
      </Typography>
      {current ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FileIcon name={current} />
          <Typography sx={{ wordBreak: 'break-all', flexGrow: 1 }} data-testid="bom-file-name">
            {current}
            {enquiry.bomRevision > 1 && ` · ${t('bom.revision', { revision: enquiry.bomRevision })}`}
          </Typography>
          {canChange && (
            <Button size="small" startIcon={<UploadIcon />} onClick={() => setReupload((v) => !v)}>
              {t('bom.reupload')}
            </Button>
          )}
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()}>
            {t('bom.download')}
          </Button>
          {canChange && (
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(true)}>
              {t('bom.delete')}
            </Button>
          )}
        </Stack>
      ) : (
        !canChange && (
          <Typography variant="body2" color="text.secondary">
            {t('bom.none')}
          </Typography>
        )
      )}
      {canChange && (!current || reupload) && dropZone}
      {older.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('bom.revisions')}</Typography>
          <List dense>
            {older.map((r) => (
              <ListItem key={r.revision} disableGutters>
                <Link
                  component="button"
                  type="button"
                  onClick={() => void download(r.revision, r.fileName)}
                  sx={{ textAlign: 'left', wordBreak: 'break-all' }}
                >
                  {t('bom.revisionLine', {
                    revision: r.revision,
                    name: r.fileName,
                    date: formatDateTime(new Date(r.uploadDate)),
                  })}
                </Link>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('confirm.deleteBomTitle')}
        text={t('confirm.deleteBomText', { name: current ?? '' })}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
