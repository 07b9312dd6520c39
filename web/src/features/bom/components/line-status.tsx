import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StoredBomLine } from '@model/bom-job';

/** A BOM line's markers (spec §3, §4): its problem or 'assigned', manual replacement, edited, supplied part. */
export function LineStatus({ line }: { line: StoredBomLine }) {
  const { t } = useTranslation('bom');
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {line.bomError ? (
        <Chip size="small" color="error" label={t(`lineError.${line.bomError}`)} />
      ) : (
        <Chip size="small" color="success" label={t('table.ok')} />
      )}
      {line.manualReplacement && <Chip size="small" color="info" label={t('table.manual')} />}
      {line.edited && <Chip size="small" label={t('table.edited')} />}
      {line.isSuppliedPart && <Chip size="small" variant="outlined" label={t('table.supplied')} />}
    </Stack>
  );
}
