import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup } from '@mui/material';
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
}

/** A checkbox per option; all ticked means "no filter". */
export function FilterDialog({ open, title, options, selected, onApply, onClose }: FilterDialogProps) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<string[]>([]);
  useEffect(() => {
    if (open) setTicked(selected ?? options.map((o) => o.value));
  }, [open, selected, options]);
  const toggle = (v: string) => setTicked((s) => (s.includes(v) ? s.filter((x) => x !== v) : [...s, v]));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <FormGroup>
          {options.map((o) => (
            <FormControlLabel key={o.value} control={<Checkbox checked={ticked.includes(o.value)} onChange={() => toggle(o.value)} />} label={o.label} />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setTicked(options.map((o) => o.value))}>{t('list.filterAll')}</Button>
        <Button onClick={() => setTicked([])}>{t('list.filterNone')}</Button>
        <Button
          variant="contained"
          onClick={() => onApply(ticked.length === options.length ? null : ticked)}
        >
          {t('list.filterApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
