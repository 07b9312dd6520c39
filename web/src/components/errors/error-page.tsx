import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { log } from '@/lib/log';

/** Spec 2 / 8: title, status code + text (or the unknown-error text), back to /. */
export function ErrorView({ error, onBack }: { error: unknown; onBack?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('errors.unknown');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <Paper sx={{ p: 4, maxWidth: 560 }}>
        <Typography variant="h1" gutterBottom>
          {t('errorPage.title')}
        </Typography>
        <Typography sx={{ mb: 3 }} data-testid="error-detail">
          {detail}
        </Typography>
        <Button
          variant="contained"
          onClick={() => {
            onBack?.();
            navigate(paths.home.getHref());
          }}
        >
          {t('common.back')}
        </Button>
      </Paper>
    </Box>
  );
}

/** The `errorElement` of a data router's route: the route's error (loader or render). */
export function ErrorPage() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) log.warn('route error', error);
  return <ErrorView error={error} />;
}
