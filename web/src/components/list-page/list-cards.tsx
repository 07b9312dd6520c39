import {
  Box,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FactList, WRAP_WORDS } from '@/components/record-summary';
import { cellText, type ListColumn } from './list-utils';
import type { ListViewProps } from './list-view-types';

/** The sort of the phone cards (no column headers to click): one choice per sortable column and direction. */
function CardSort<T>({
  columns,
  sortable,
  sort,
  onSort,
}: Pick<ListViewProps<T>, 'columns' | 'sortable' | 'sort' | 'onSort'>) {
  const { t } = useTranslation();
  const options = columns.filter(sortable).flatMap((c) =>
    (['asc', 'desc'] as const).map((direction) => ({
      value: `${c.id}:${direction}`,
      label: t(direction === 'asc' ? 'list.sortAscending' : 'list.sortDescending', { column: t(c.labelKey) }),
    })),
  );
  if (!options.length) return null;
  const value = sort ? `${sort.columnId}:${sort.direction}` : '';
  return (
    <TextField
      select
      id="list-card-sort"
      label={t('list.sortBy')}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(e) => {
        const [columnId, direction] = e.target.value.split(':');
        onSort({ columnId, direction: direction === 'desc' ? 'desc' : 'asc' });
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The list on a phone (below `sm`): a card per row with its name and state at the top, the other columns as
 * "label: value" lines and its actions (the primary one first) at the bottom - nothing to scroll sideways for. A sort
 * choice replaces the column headers; selection works as in the table.
 */
export function ListCards<T>({
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
  titleColumn,
  stateColumn,
}: ListViewProps<T> & { titleColumn?: ListColumn<T>; stateColumn?: ListColumn<T> }) {
  const { t } = useTranslation();
  const details = columns.filter((c) => !c.action && c !== titleColumn && c !== stateColumn);
  const actions = columns.filter((c) => c.action && c.render);
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }} data-testid="list-cards">
      <CardSort columns={columns} sortable={sortable} sort={sort} onSort={onSort} />
      {selectable && rows.length > 0 && (
        <FormControlLabel
          control={
            <Checkbox checked={allSelected} indeterminate={selected.size > 0 && !allSelected} onChange={onToggleAll} />
          }
          label={t('list.selectAll')}
        />
      )}
      {rows.map((row) => {
        const id = getRowId(row);
        // a line per column with something to show (an empty value says nothing)
        const facts = details
          .filter((c) => cellText(c, row) !== '' || (c.render && !c.value && !c.text))
          .map((c) => ({ id: c.id, label: t(c.labelKey), value: c.render ? c.render(row) : cellText(c, row) }));
        return (
          <Card
            key={id}
            variant="outlined"
            data-testid="list-row"
            sx={selected.has(id) ? { bgcolor: 'action.selected' } : undefined}
          >
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                {selectable && (
                  <Checkbox
                    checked={selected.has(id)}
                    disabled={!canSelect(row)}
                    onChange={() => onToggleRow(row)}
                    slotProps={{ input: { 'aria-label': t('list.selectRow') } }}
                    sx={{ mt: -1, ml: -1 }}
                  />
                )}
                {/* the state under the title: the title keeps the card's width, its words whole */}
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, ...WRAP_WORDS }} data-testid="card-title">
                    {titleColumn ? cellText(titleColumn, row) : ''}
                  </Typography>
                  {stateColumn && (
                    <Box sx={{ mt: 0.5 }} data-testid="card-state">
                      {stateColumn.render ? stateColumn.render(row) : cellText(stateColumn, row)}
                    </Box>
                  )}
                </Box>
              </Stack>
              {facts.length > 0 && (
                <Box sx={{ mt: 1 }}>
                  <FactList facts={facts} dense columns />
                </Box>
              )}
            </CardContent>
            {actions.length > 0 && (
              <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 1.5 }}>
                {actions.map((c) => (
                  <Box key={c.id}>{c.render!(row)}</Box>
                ))}
              </CardActions>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
