import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import type { BulkAction } from './list-page-types';

interface ListSelectionInput<T> {
  /** client mode: the whole list (the selection keeps only rows still in it); server mode: undefined */
  rows: T[] | undefined;
  /**
   * what "select all" selects: every filtered row in client mode, the rows of this page in server mode (of these,
   * the rows the bulk action applies to)
   */
  selectable: T[];
  getRowId: (row: T) => string;
  bulkAction: BulkAction<T> | undefined;
  onReload: (() => void) | undefined;
}

const selectAny = () => true;

/**
 * The list's row selection and its confirmed bulk action (spec 02 §8): the selected rows, "select all", the
 * confirmation dialog's state, and the run over every selected row with one success or failure text.
 */
export function useListSelection<T>({ rows, selectable, getRowId, bulkAction, onReload }: ListSelectionInput<T>) {
  const { t } = useTranslation();
  const [selection, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [running, setRunning] = useState(false);

  // client mode: the selection holds only rows that are still in the (reloaded) list, as they are now
  const selected = useMemo<ReadonlyMap<string, T>>(() => {
    if (!rows) return selection;
    const byId = new Map(rows.map((r) => [getRowId(r), r]));
    return new Map([...selection.keys()].flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
  }, [rows, getRowId, selection]);

  // the rows the action can succeed on (the model's rule); the others cannot be selected
  const canSelect = bulkAction?.appliesTo ?? selectAny;
  const selectableIds = selectable.filter(canSelect).map(getRowId);
  const allSelected = selectableIds.length > 0 && selectableIds.every((id) => selected.has(id));

  const toggleRow = (row: T) => {
    const next = new Map(selected);
    const id = getRowId(row);
    if (next.has(id)) next.delete(id);
    else next.set(id, row);
    setSelected(next);
  };
  const toggleAll = () => {
    const next = new Map(selected);
    for (const row of selectable.filter(canSelect)) {
      if (allSelected) next.delete(getRowId(row));
      else next.set(getRowId(row), row);
    }
    setSelected(next);
  };

  const runBulk = async () => {
    if (!bulkAction) return;
    setConfirmOpen(false);
    setRunning(true);
    const targets = [...selected.values()];
    const results = bulkAction.runAll
      ? await bulkAction
          .runAll(targets)
          .catch(() => targets.map((): PromiseSettledResult<unknown> => ({ status: 'rejected', reason: undefined })))
      : await Promise.allSettled(targets.map((r) => bulkAction.run?.(r)));
    const failed = results.filter((r) => r.status !== 'fulfilled' || r.value === false).length;
    // the texts may name how many (spec 02 §8: "success with deleted count, or warning with failed count")
    if (!failed) notify.success(t(bulkAction.successKey, { count: results.length }));
    else notify[bulkAction.failureLevel ?? 'error'](t(bulkAction.errorKey, { count: failed }));
    setSelected(new Map());
    setRunning(false);
    onReload?.();
  };

  return { selected, allSelected, canSelect, toggleRow, toggleAll, confirmOpen, setConfirmOpen, running, runBulk };
}
