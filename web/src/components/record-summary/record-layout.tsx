import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';

/**
 * A record page laid out for the width: its header (a summary) across the page, then the record (form or read-only
 * lists) and its panels (BOM, documents; later chat and the project folder) side by side from `lg`, one below the
 * other on smaller screens.
 */
export function RecordLayout({ header, main, side }: { header?: ReactNode; main: ReactNode; side?: ReactNode }) {
  return (
    <Stack spacing={3}>
      {header}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }} data-testid="record-main">
          {main}
        </Stack>
        {side && (
          <Stack spacing={3} sx={{ minWidth: 0 }} data-testid="record-side">
            {side}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
