import { Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';

/** What a failed load of one record (GET /user/?id=, /company/?id=) means for the page. */
export type RecordErrorKind = 'notFound' | 'forbidden' | 'failed';

function recordErrorKind(error: unknown): RecordErrorKind {
  if (!(error instanceof ApiError)) return 'failed';
  // a malformed id is refused by validation before the lookup: to the visitor it does not exist either
  if (error.status === 404 || error.code === 'validation' || error.code === 'badRequest') return 'notFound';
  if (error.status === 403) return 'forbidden';
  return 'failed';
}

/**
 * The page shown instead of a record's form when it cannot be loaded: not found, forbidden (no editable empty
 * form, no toast), or another failure with a retry. Always with a way back to the list.
 */
export function RecordError({ error, backTo, onRetry }: { error: unknown; backTo: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const kind = recordErrorKind(error);
  const title =
    kind === 'forbidden'
      ? t('forbidden.title')
      : kind === 'notFound'
        ? t('notFound.recordTitle')
        : t('errorPage.title');
  const text =
    kind === 'forbidden' ? t('forbidden.text') : kind === 'notFound' ? t('notFound.record') : errorMessage(error);
  return (
    <Paper sx={{ p: 4 }} data-testid={`record-${kind}`}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} variant="contained">
          {t('notFound.backToList')}
        </Button>
        {kind === 'failed' && onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
      </Stack>
    </Paper>
  );
}
