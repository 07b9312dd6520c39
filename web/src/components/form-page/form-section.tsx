import { useEffect, type ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** Where a card stands: below the page's form (760 px at most), or in a column of a record layout (its width). */
export type Placement = 'page' | 'column';

/** The width of a form or section: 760 px below the form, the column's width in a record layout from `lg`. */
export const placementSx = (placement: Placement) =>
  placement === 'column' ? { maxWidth: { xs: 760, lg: 'none' } } : { maxWidth: 760 };

/** One titled card of a record page (project data, documents, BOM …), named by its heading. */
export function FormSection({
  title,
  id,
  children,
  placement = 'page',
}: {
  title: string;
  id: string;
  children: ReactNode;
  placement?: Placement;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, mt: placement === 'page' ? 3 : 0, ...placementSx(placement) }}
    >
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
