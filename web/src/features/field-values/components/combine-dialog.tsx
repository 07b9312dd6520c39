import { useState } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldValue } from '@model/catalogue';
import { matchesName } from './field-value-search';

export interface CombineDialogProps {
  open: boolean;
  items: FieldValue[];
  onCombine: (survivorId: string, mergedIds: string[]) => void;
  onClose: () => void;
}

/**
 * Combine (spec 02 §4): the item that stays and the items merged into it (their articles move to it, their names
 * become its variants).
 */
export function CombineDialog({ open, items, onCombine, onClose }: CombineDialogProps) {
  const { t } = useTranslation('field-values');
  const [survivor, setSurvivor] = useState<FieldValue | null>(null);
  const [merged, setMerged] = useState<FieldValue[]>([]);
  const filter = (options: FieldValue[], { inputValue }: { inputValue: string }) =>
    options.filter((o) => matchesName(o, inputValue));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="combine-title">
      <DialogTitle id="combine-title">{t('combine.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={items}
            value={survivor}
            onChange={(_e, v) => setSurvivor(v)}
            getOptionLabel={(o) => o.displayName}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={filter}
            renderInput={(params) => <TextField {...params} label={t('combine.survivor')} />}
          />
          <Autocomplete
            multiple
            options={items.filter((i) => i.id !== survivor?.id)}
            value={merged}
            onChange={(_e, v) => setMerged(v)}
            getOptionLabel={(o) => o.displayName}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={filter}
            renderInput={(params) => <TextField {...params} label={t('combine.merged')} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!survivor || merged.length === 0}
          onClick={() => {
            onCombine(
              survivor!.id,
              merged.map((m) => m.id),
            );
            setSurvivor(null);
            setMerged([]);
          }}
        >
          {t('combine.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
