import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * PLACEHOLDER for the areas that arrive with later issues (/enquiry, /offer, /order, /job, /business-data,
 * /messages, /article, /fieldvalues..., /import/...): their routes and menu entries exist already; this one
 * component renders "Dieser Bereich folgt in Kürze." until the area registers its pages (app/coming-soon-features.ts).
 */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4 }} data-testid="coming-soon">
      <Typography>{t('common.comingSoon')}</Typography>
    </Paper>
  );
}
