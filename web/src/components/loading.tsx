import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/**
 * The page-sized loading spinner, named 'Wird geladen …' for screen readers (axe `aria-progressbar-name`). It is
 * also the fallback while the texts themselves load: until then it is hidden from assistive technology rather
 * than unnamed (it never suspends, so it can stand in for anything that does).
 */
export function Loading() {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      {ready ? <CircularProgress aria-label={t('common.loading')} /> : <CircularProgress aria-hidden />}
    </Box>
  );
}
