import { Paper, Typography } from '@mui/material';

/** The side column of a record not saved yet: what becomes possible once it is (its panels need its id). */
export function SaveFirstNotice({ text }: { text: string }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Paper>
  );
}
