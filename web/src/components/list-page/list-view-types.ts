import type { ListColumn, SortDirection } from './list-utils';

/** What the table and the phone cards both show: the page's rows, their selection and the sort. */
export interface ListViewProps<T> {
  rows: T[];
  columns: ListColumn<T>[];
  getRowId: (row: T) => string;
  /** rows can be selected (a bulk action exists) */
  selectable: boolean;
  /** this row can be selected (the bulk action applies to it); the others show a disabled checkbox */
  canSelect: (row: T) => boolean;
  selected: ReadonlyMap<string, T>;
  allSelected: boolean;
  onToggleRow: (row: T) => void;
  onToggleAll: () => void;
  sortable: (column: ListColumn<T>) => boolean;
  sort?: { columnId: string; direction: SortDirection };
  onSort: (sort: { columnId: string; direction: SortDirection }) => void;
}
