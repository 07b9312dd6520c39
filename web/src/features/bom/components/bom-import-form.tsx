import { useRef } from 'react';
import { Alert, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { UPLOAD_CONTEXTS } from '@model/files';
import { errorMessage } from '@/lib/errors';
import type { BomImportFile } from './use-bom-import-file';

/** /import/stueckliste's inputs: the header row (empty: suggested), the file, Map (reads the header, opens the panel). */
export function BomImportForm({ state }: { state: BomImportFile }) {
  const { t } = useTranslation('bom');
  const fileInput = useRef<HTMLInputElement>(null);
  const { file, reading, readError } = state;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('import.hint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label={t('import.headerRowIndex')}
            helperText={t('import.headerRowIndexHint')}
            size="small"
            type="number"
            value={state.indexText}
            onChange={(e) => state.setIndexText(e.target.value)}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={UPLOAD_CONTEXTS.bom.map((e) => `.${e}`).join(',')}
            data-testid="bom-import-file"
            onChange={(e) => state.setFile(e.target.files?.[0])}
          />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()}>
            {t('import.chooseFile')}
          </Button>
          <Typography data-testid="bom-import-file-name">{file?.name ?? t('import.noFile')}</Typography>
          <Button variant="contained" disabled={!file || reading} onClick={() => void state.openMapping()}>
            {t('import.map')}
          </Button>
        </Stack>
        {reading && <LinearProgress aria-label={t('import.reading')} />}
        {!!readError && <Alert severity="error">{errorMessage(readError, t('import.readFailed'))}</Alert>}
      </Stack>
    </Paper>
  );
}
