import { useRef } from 'react';
import { Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { exportDiscountGroups } from '../api/export-discount-groups';
import { useImportDiscountGroups } from '../api/import-discount-groups';

/** The discount-group list's CSV export and import (spec 02 §2, §7, §8: 417 wrong format, else the default text). */
export function DiscountGroupCsvButtons() {
  const { t } = useTranslation('field-values');
  const input = useRef<HTMLInputElement>(null);
  const importGroups = useImportDiscountGroups();

  const runExport = async () => {
    try {
      await exportDiscountGroups();
    } catch {
      notify.error(t('discount.exportFailed'));
    }
  };

  const runImport = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    try {
      const result = await importGroups.mutateAsync(file);
      notify.success(t('discount.imported', { created: result.created, updated: result.updated }));
    } catch (error) {
      const format = error instanceof ApiError && error.status === 417;
      notify.error(t(format ? 'errors.discountGroupImportFormat' : 'discount.importFailed'));
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignSelf: 'flex-start' }}>
      <Button startIcon={<DownloadIcon />} onClick={() => void runExport()}>
        {t('discount.export')}
      </Button>
      <Button startIcon={<UploadIcon />} disabled={importGroups.isPending} onClick={() => input.current?.click()}>
        {t('discount.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="discount-group-import-file"
        onChange={(e) => void runImport(e.target.files?.[0])}
      />
    </Stack>
  );
}
