import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterDialogProps {
  open: boolean;
  title: string;
  options: FilterOption[];
  /** null = no filter (everything) */
  selected: string[] | null;
  onApply: (selected: string[] | null) => void;
  onClose: () => void;
  /** at most this many may be ticked, unless all are (then there is no filter) */
  max?: number;
}

/** A checkbox per option; all ticked means "no filter". Each opening starts from the applied selection. */
export function FilterDialog({ open, onClose, ...choices }: FilterDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <FilterChoices key={open ? 'open' : 'closed'} {...choices} />
    </Dialog>
  );
}

function FilterChoices({ title, options, selected, onApply, max }: Omit<FilterDialogProps, 'open' | 'onClose'>) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<string[]>(() => selected ?? options.map((o) => o.value));
  const all = ticked.length === options.length;
  const tooMany = max !== undefined && !all && ticked.length > max;
  const toggle = (v: string) => setTicked((s) => (s.includes(v) ? s.filter((x) => x !== v) : [...s, v]));
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <FormGroup>
          {options.map((o) => (
            <FormControlLabel
              key={o.value}
              control={<Checkbox checked={ticked.includes(o.value)} onChange={() => toggle(o.value)} />}
              label={o.label}
            />
          ))}
        </FormGroup>
        {tooMany && <FormHelperText error>{t('list.filterMax', { max })}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setTicked(options.map((o) => o.value))}>{t('list.filterAll')}</Button>
        <Button onClick={() => setTicked([])}>{t('list.filterNone')}</Button>
        <Button variant="contained" disabled={tooMany} onClick={() => onApply(all ? null : ticked)}>
          {t('list.filterApply')}
        </Button>
      </DialogActions>
    </>
  );
}
