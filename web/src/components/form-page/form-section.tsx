import { useEffect, type ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** One titled card of a record page (project data, documents, BOM …), named by its heading. */
export function FormSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 760 }}>
      <Typography variant="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** While a form has unsaved edits, leaving the page (reload, close, typed URL) asks the browser's question. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return null;
}
