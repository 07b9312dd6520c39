import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';

/** A titled card of a record read, not edited (project data, job conditions), named by its heading. */
export function SummarySection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}
