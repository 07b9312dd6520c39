import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { WRAP_WORDS } from './wrap-words';

/** One line of a read-only record: a label and its value (and an optional note under the value). */
export interface Fact {
  /** names the line for tests and anchors: `fact-<id>` */
  id: string;
  label: string;
  value: ReactNode;
  note?: ReactNode;
}

/**
 * A record read, not edited: "label: value" lines as a description list - two columns from `sm`, label above value
 * on a phone; long values wrap instead of widening the page.
 */
export function FactList({
  facts,
  dense = false,
  columns = false,
}: {
  facts: Fact[];
  dense?: boolean;
  /** label and value side by side on a phone too (short lines, e.g. a list's card) */
  columns?: boolean;
}) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: dense ? 0.75 : 1.25 }}>
      {facts.map(({ id, label, value, note }) => (
        <Box
          key={id}
          data-testid={`fact-${id}`}
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              // halves on a phone: a long German label (Wunschliefertermin) keeps its line
              xs: columns ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
              sm: 'minmax(0, 2fr) minmax(0, 3fr)',
            },
            columnGap: 2,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary" sx={WRAP_WORDS}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, ...WRAP_WORDS, whiteSpace: 'pre-line' }}>
            {value}
            {note && (
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {note}
              </Typography>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
