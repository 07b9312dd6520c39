import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Signed-in fallback for unknown paths (spec 2 / 8). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4 }}>
      <Typography variant="h2" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography>{t('notFound.text')}</Typography>
    </Paper>
  );
}
