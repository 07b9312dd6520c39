import {
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { cellText } from './list-utils';
import type { ListViewProps } from './list-view-types';

/** The list as a table (from `sm`): sortable headers, a selection column, one row per record. */
export function ListTable<T>({
  rows,
  columns,
  getRowId,
  selectable,
  canSelect,
  selected,
  allSelected,
  onToggleRow,
  onToggleAll,
  sortable,
  sort,
  onSort,
}: ListViewProps<T>) {
  const { t } = useTranslation();
  const toggleSort = (columnId: string) =>
    onSort({ columnId, direction: sort?.columnId === columnId && sort.direction === 'asc' ? 'desc' : 'asc' });
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={selected.size > 0 && !allSelected}
                  onChange={onToggleAll}
                  slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                />
              </TableCell>
            )}
            {columns.map((c) => (
              <TableCell key={c.id} align={c.align} sortDirection={sort?.columnId === c.id ? sort.direction : false}>
                {!sortable(c) ? (
                  t(c.labelKey)
                ) : (
                  <TableSortLabel
                    active={sort?.columnId === c.id}
                    direction={sort?.columnId === c.id ? sort.direction : 'asc'}
                    onClick={() => toggleSort(c.id)}
                  >
                    {t(c.labelKey)}
                  </TableSortLabel>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const id = getRowId(row);
            return (
              <TableRow key={id} hover selected={selected.has(id)} data-testid="list-row">
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(id)}
                      disabled={!canSelect(row)}
                      onChange={() => onToggleRow(row)}
                      slotProps={{ input: { 'aria-label': t('list.selectRow') } }}
                    />
                  </TableCell>
                )}
                {columns.map((c) => (
                  <TableCell key={c.id} align={c.align}>
                    {c.render ? c.render(row) : cellText(c, row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
