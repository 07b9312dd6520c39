import type { ReactNode } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ActionBar } from './action-bar';

export interface RecordSummaryProps {
  /** the page's title ('Angebot ansehen') */
  title: string;
  /** what the record is called (offer number and enquiry, an enquiry's title) */
  name: ReactNode;
  /** the state chips */
  status: ReactNode;
  /** where "Zurück" leads */
  backTo: string;
  /** the actions the record's rules allow now; none: no action bar */
  actions?: ReactNode;
  /** what matters for the decision: key figures, notices, deviations */
  children?: ReactNode;
  /** names the status line for tests (`offer-info`, `enquiry-info`) */
  testId?: string;
}

/**
 * The header of a record the caller reads but cannot change (a released offer for its customer, a locked enquiry):
 * title, the record's name and state, what matters for the decision, and the actions the record's rules allow - in
 * the header, or on a phone in the ActionBar fixed at the bottom of the screen. The details follow below it as
 * FactLists, not as disabled inputs.
 */
export function RecordSummary({ title, name, status, backTo, actions, children, testId }: RecordSummaryProps) {
  const { t } = useTranslation();
  return (
    <Paper component="section" aria-labelledby="record-summary-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {t('common.back')}
      </Button>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="h1" id="record-summary-title">
            {title}
          </Typography>
          <Typography variant="h2" component="p" sx={{ overflowWrap: 'anywhere' }} data-testid="summary-name">
            {name}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            data-testid={testId}
          >
            {status}
          </Stack>
        </Stack>
        {actions && (
          <Box sx={{ flexShrink: 0, maxWidth: { md: '50%' } }}>
            <ActionBar label={t('summary.actions')}>{actions}</ActionBar>
          </Box>
        )}
      </Stack>
      {children && <Box sx={{ mt: 2 }}>{children}</Box>}
    </Paper>
  );
}
