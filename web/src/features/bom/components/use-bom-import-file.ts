import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBomHeaderAnswer } from '@model/bom-import';
import { notify } from '@/lib/notify';
import { readAdminBomHeader, useImportAdminBom } from '../api/admin-bom';
import type { BomMapper } from './bom-mapping-drawer';

/** Spec §5: a whole number of at least 1 (empty: the suggested header row). */
const indexOf = (text: string): number | undefined | 'invalid' =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : 'invalid';

/**
 * The file of /import/stueckliste and its way to the mapping panel: the chosen file and header row, its header read
 * (POST /admin/bom/header) and the panel's `mapper`, which saves through POST /enquiry/bom/map?admin=true and
 * answers the result (`onImported`) or the background task (`onTask`).
 */
export function useBomImportFile(on: { onImported: (resultId: string) => void; onTask: (taskId: string) => void }) {
  const { t } = useTranslation('bom');
  const [file, setFileState] = useState<File | undefined>();
  const [indexText, setIndexText] = useState('');
  const [header, setHeader] = useState<{ answer: AdminBomHeaderAnswer; at: number } | undefined>();
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<unknown>();
  const [mapping, setMapping] = useState(false);
  const importBom = useImportAdminBom();

  const setFile = (next: File | undefined) => {
    setFileState(next);
    setHeader(undefined);
    setReadError(undefined);
  };

  const read = async (headerRowIndex?: number) => {
    if (!file) return;
    setReading(true);
    setReadError(undefined);
    try {
      const answer = await readAdminBomHeader(file, headerRowIndex);
      setHeader({ answer, at: Date.now() });
      setIndexText(String(answer.bomHeaderRowIndex));
    } catch (error) {
      setReadError(error);
      throw error;
    } finally {
      setReading(false);
    }
  };

  const openMapping = async () => {
    const index = indexOf(indexText);
    if (index === 'invalid') return setReadError(new Error(t('import.indexInvalid')));
    try {
      await read(index);
      setMapping(true);
    } catch {
      // shown below the inputs
    }
  };

  const mapper: BomMapper | undefined = useMemo(
    () =>
      file
        ? {
            proposal: {
              data: header && { ...header.answer },
              isFetching: reading,
              error: undefined,
              dataUpdatedAt: header?.at ?? 0,
            },
            updateHeader: (headerRowIndex) => read(headerRowIndex),
            save: async (request) => {
              const answer = await importBom.mutateAsync({ file, ...request });
              // above the synchronous ceiling: a background import with its progress on the page
              if ('taskId' in answer) on.onTask(answer.taskId);
              else {
                on.onImported(answer.result.id);
                notify.success(t('import.imported'));
              }
              setMapping(false);
            },
          }
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [file, header, reading],
  );

  return {
    file,
    setFile,
    indexText,
    setIndexText,
    reading,
    readError,
    openMapping,
    mapper,
    mapping,
    closeMapping: () => setMapping(false),
  };
}

export type BomImportFile = ReturnType<typeof useBomImportFile>;
