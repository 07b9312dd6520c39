import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';

/**
 * A table's container that may scroll sideways on a phone: focusable and named, so keyboard users can scroll it
 * too (WCAG 2.1.1, axe `scrollable-region-focusable`).
 */
export function TableScrollRegion({ label, ...props }: TableContainerProps & { label: string }) {
  return <TableContainer tabIndex={0} role="region" aria-label={label} {...props} />;
}
