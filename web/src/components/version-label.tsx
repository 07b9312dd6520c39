import { Typography } from '@mui/material';
import { APP_VERSION } from '@model/constants';

export function VersionLabel() {
  return (
    <Typography variant="caption" color="text.secondary" data-testid="version">
      {APP_VERSION}
    </Typography>
  );
}
