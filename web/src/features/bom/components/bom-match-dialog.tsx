import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StoredBomLine } from '@model/bom-job';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useArticleSearch, useUpdateBomLine, type BomOwnerRef, type UpdateBomLineRequest } from '../api/bom-jobs';
import { LineStatus } from './line-status';

/** What a line call changes (the enquiry's and the admin import's line calls take the same change). */
export type BomLineChange = Omit<UpdateBomLineRequest, 'enquiryId' | 'offerId' | 'lineId'>;
/** Saves a change of one line: the enquiry's POST /enquiry/bom/line by default, the admin import's own line call. */
export type SaveBomLine = (lineId: string, change: BomLineChange) => Promise<unknown>;

export interface BomMatchDialogProps {
  owner: BomOwnerRef;
  line: StoredBomLine;
  onClose: () => void;
  /** saves elsewhere than the owner's line call (the admin import: POST /admin/bom/line) */
  saveLine?: SaveBomLine;
}

/**
 * Spec 02 §2 /article/{id} in enquiry-type forms: a BOM line's manufacturer and numbers read-only (with the catalogue
 * original beside them), a manual match through GET /article/search (sets the matched article and
 * manualReplacement), and the line's quantity as an edit. Saved through POST /enquiry/bom/line (`saveLine`: the admin
 * import's POST /admin/bom/line).
 */
export function BomMatchDialog({ owner, line, onClose, saveLine }: BomMatchDialogProps) {
  const { t } = useTranslation('bom');
  const [term, setTerm] = useState(line.orderNumber ?? line.manufacturerNumber ?? '');
  const [quantity, setQuantity] = useState(String(line.quantity).replace('.', ','));
  const search = useArticleSearch(term);
  const update = useUpdateBomLine();
  const [saving, setSaving] = useState(false);

  const save = async (change: BomLineChange) => {
    setSaving(true);
    try {
      if (saveLine) await saveLine(line.id, change);
      else await update.mutateAsync({ ...owner, lineId: line.id, ...change });
      notify.success(t('match.saved'));
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t('match.failed')));
    } finally {
      setSaving(false);
    }
  };
  const parsedQuantity = Number(quantity.replace(',', '.'));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bom-match-title">
      <DialogTitle id="bom-match-title">{t('match.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="subtitle2">{t('match.fromFile')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label={t('table.orderNumber')}
              value={line.orderNumber ?? ''}
              size="small"
              slotProps={{ input: { readOnly: true } }}
              helperText={
                line.matchedArticle?.orderNumber
                  ? t('table.catalogueValue', { value: line.matchedArticle.orderNumber })
                  : undefined
              }
            />
            <TextField
              label={t('table.manufacturerNumber')}
              value={line.manufacturerNumber ?? ''}
              size="small"
              slotProps={{ input: { readOnly: true } }}
              helperText={
                line.matchedArticle?.manufacturerNumber
                  ? t('table.catalogueValue', { value: line.matchedArticle.manufacturerNumber })
                  : undefined
              }
            />
            <TextField
              label={t('table.manufacturer')}
              value={line.manufacturerName ?? ''}
              size="small"
              slotProps={{ input: { readOnly: true } }}
            />
          </Stack>
          <LineStatus line={line} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('match.quantity')}
              value={quantity}
              size="small"
              onChange={(e) => setQuantity(e.target.value)}
              error={!(parsedQuantity > 0)}
            />
            <Button disabled={!(parsedQuantity > 0) || saving} onClick={() => void save({ quantity: parsedQuantity })}>
              {t('match.saveQuantity')}
            </Button>
          </Stack>
          <TextField
            label={t('match.search')}
            value={term}
            size="small"
            autoFocus
            onChange={(e) => setTerm(e.target.value)}
          />
          {search.isFetching && <LinearProgress aria-label={t('match.searching')} />}
          {search.isError && <Alert severity="error">{errorMessage(search.error)}</Alert>}
          {search.data && search.data.length === 0 && (
            <Typography color="text.secondary">{t('match.noResults')}</Typography>
          )}
          <List dense aria-label={t('match.results')}>
            {search.data?.map((a) => (
              <ListItemButton
                key={a.id}
                selected={a.id === line.matchedArticleId}
                onClick={() => void save({ matchedArticleId: a.id })}
                disabled={saving}
              >
                <ListItemText
                  primary={[a.orderNumber, a.manufacturerNumber].filter(Boolean).join(' · ')}
                  secondary={[a.manufacturerName, a.description].filter(Boolean).join(' – ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Stack>
      </DialogContent>
      <DialogActions>
        {line.manualReplacement && (
          <Button color="error" onClick={() => void save({ matchedArticleId: null })} disabled={saving}>
            {t('match.remove')}
          </Button>
        )}
        <Button onClick={onClose}>{t('match.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
