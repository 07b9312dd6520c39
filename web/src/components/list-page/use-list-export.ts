import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '@model/paging';
import { saveBlob } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import type { ListQuery, ServerListSource } from './list-page-types';
import { toCsv, type ListColumn } from './list-utils';

/**
 * The list's CSV export. Server mode with an export (`server.exportRows`): the area's `POST /<area>/export` with
 * the list's search, filter and sort and the table's columns (export field, header text, the texts of codes) - the
 * server streams every matching row. Client mode (every row loaded) or no server export: the rows at hand, made here.
 */
export function useListExport<T>({
  columns,
  fileName = 'export',
  server,
  query,
  rowsAtHand,
}: {
  columns: ListColumn<T>[];
  fileName?: string;
  server?: ServerListSource<T>;
  /** the search, filter and sort as the list shows them; undefined: nothing can match (an empty filter) */
  query?: ListQuery;
  rowsAtHand: T[];
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const exported = columns.filter((c) => !c.action);

  const run = async () => {
    if (!server?.exportRows || !query) {
      const csv = toCsv(rowsAtHand, columns, (c) => t(c.labelKey));
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
      return;
    }
    const exportColumns: ExportColumn[] = exported.map((c) => ({
      key: c.exportKey ?? c.id,
      label: t(c.labelKey),
      ...(c.exportValues ? { values: c.exportValues } : {}),
    }));
    setRunning(true);
    try {
      await server.exportRows({ fileName, query, columns: exportColumns });
    } catch (error) {
      // e.g. 413 exportTooLarge: 'Zu viele Zeilen für einen Export …'
      showError(error);
    } finally {
      setRunning(false);
    }
  };

  return { run: () => void run(), running };
}
