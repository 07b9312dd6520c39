import type { ReactNode } from 'react';
import { Box, GlobalStyles } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { BOTTOM_BAR_VARIABLE } from '@/config/toast';

/** The phone action bar's height including its padding: the page keeps this much room below its last line. */
const ACTION_BAR_ROOM = 88;

/**
 * The actions of a record read, not edited (release, accept, decline, create an offer …): in the summary's header
 * from `sm`, and on a phone fixed at the bottom of the screen, so the decision is reachable without scrolling. The
 * page keeps room below its content for the bar while it is shown, and toasts stand above it.
 */
export function ActionBar({ label, children }: { label: string; children: ReactNode }) {
  const theme = useTheme();
  return (
    <>
      <GlobalStyles
        styles={{
          [theme.breakpoints.down('sm')]: {
            body: { paddingBottom: ACTION_BAR_ROOM, [BOTTOM_BAR_VARIABLE]: `${ACTION_BAR_ROOM}px` },
          },
        }}
      />
      <Box
        role="toolbar"
        aria-label={label}
        data-testid="action-bar"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          position: { xs: 'fixed', sm: 'static' },
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: { xs: theme.zIndex.appBar, sm: 'auto' },
          bgcolor: { xs: 'background.paper', sm: 'transparent' },
          borderTop: { xs: `1px solid ${theme.palette.divider}`, sm: 'none' },
          boxShadow: { xs: 8, sm: 'none' },
          px: { xs: 2, sm: 0 },
          py: { xs: 1.5, sm: 0 },
        }}
      >
        {children}
      </Box>
    </>
  );
}
