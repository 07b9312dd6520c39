import { useState } from 'react';
import { Box, Button, Link, List, ListItem, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import TuneIcon from '@mui/icons-material/Tune';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FileIcon } from '@/components/file-table/file-icon';
import { FileUpload } from '@/components/upload';
import type { BomRevision } from '@model/enquiry';
import type { RecordPanelProps } from '@/lib/feature';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDeleteBom } from '../api/delete-bom';
import { useDownloadBom } from '../api/download-bom';
import { useUploadBom } from '../api/upload-bom';
import { BomJobSection } from './bom-job-section';

/** The current file with its actions: Map, Re-upload and Delete only while the enquiry can be changed. */
function BomFileRow(props: {
  name: string;
  revision: number;
  canChange: boolean;
  onMap: () => void;
  onReupload: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const { name, revision, canChange } = props;
  const { t } = useTranslation('bom');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <FileIcon name={name} />
      <Typography sx={{ wordBreak: 'break-all', flexGrow: 1 }} data-testid="bom-file-name">
        {name}
        {revision > 1 && ` · ${t('revision', { revision })}`}
      </Typography>
      {canChange && (
        <Button size="small" startIcon={<TuneIcon />} onClick={props.onMap}>
          {t('map')}
        </Button>
      )}
      {canChange && (
        <Button size="small" startIcon={<UploadIcon />} onClick={props.onReupload}>
          {t('reupload')}
        </Button>
      )}
      <Button size="small" startIcon={<DownloadIcon />} onClick={props.onDownload}>
        {t('download')}
      </Button>
      {canChange && (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={props.onDelete}>
          {t('delete')}
        </Button>
      )}
    </Stack>
  );
}

/** The revisions kept from earlier releases, each with its download. */
function BomRevisions({ revisions, onDownload }: { revisions: BomRevision[]; onDownload: (r: BomRevision) => void }) {
  const { t } = useTranslation('bom');
  return (
    <Box>
      <Typography variant="subtitle2">{t('revisions')}</Typography>
      <List dense>
        {revisions.map((r) => (
          <ListItem key={r.revision} disableGutters>
            <Link
              component="button"
              type="button"
              onClick={() => onDownload(r)}
              sx={{ textAlign: 'left', wordBreak: 'break-all' }}
            >
              {t('revisionLine', {
                revision: r.revision,
                name: r.fileName,
                date: formatDateTime(new Date(r.uploadDate)),
              })}
            </Link>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * Spec 02 §2 BOM panel, a panel of the enquiry page (feature.ts): a drop zone (.xlsx, .xls, .csv); once a file
 * exists its name with Re-upload, Download and Delete (confirmed) - only Download when the enquiry cannot be
 * changed. Revisions kept from earlier releases are listed with their downloads. Map opens the mapping side panel;
 * the mapped part (success rate, article table, generated files) is BomJobSection, shared with the offer's panel. A
 * released job offers only the downloads.
 */
export function BomPanel({ record: enquiry, caller, canChange }: RecordPanelProps<'enquiry'>) {
  const { t } = useTranslation('bom');
  const [reupload, setReupload] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [mapping, setMapping] = useState(false);
  const summary = enquiry.bomSummary;

  const uploadBom = useUploadBom();
  const deleteBom = useDeleteBom();
  const downloadBom = useDownloadBom();
  const current = enquiry.bomFileName;
  const mapped = Boolean(current && summary && summary.revision === enquiry.bomRevision);
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
      notify.success(t('deleted'));
    } catch {
      notify.error(t('deleteFailed'));
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
        {t('hint')}
      </Typography>
      {current ? (
        <BomFileRow
          name={current}
          revision={enquiry.bomRevision}
          canChange={canChange}
          onMap={() => setMapping(true)}
          onReupload={() => setReupload((v) => !v)}
          onDownload={() => void download()}
          onDelete={() => setConfirmDelete(true)}
        />
      ) : (
        !canChange && (
          <Typography variant="body2" color="text.secondary">
            {t('none')}
          </Typography>
        )
      )}
      {canChange && (!current || reupload) && dropZone}
      <BomJobSection
        owner={{ enquiryId: enquiry.id }}
        hasFile={Boolean(current)}
        summary={mapped ? summary : undefined}
        caller={caller}
        canChange={canChange}
        mapping={mapping}
        onCloseMapping={() => setMapping(false)}
      />
      {older.length > 0 && <BomRevisions revisions={older} onDownload={(r) => void download(r.revision, r.fileName)} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('confirm.deleteTitle')}
        text={t('confirm.deleteText', { name: current ?? '' })}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
