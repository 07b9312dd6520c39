import { useState } from 'react';
import { Alert, Button, LinearProgress, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BomMappableField, FieldMapping } from '@model/bom/fields';
import { SUPPLIED_PART_STRING_MAX_LENGTH, type BomMappingProposal } from '@model/bom-job';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useMapBom, type BomOwnerRef } from '../api/bom-jobs';
import { useReadBomHeader } from '../api/read-bom-header';
import type { BomMapper, BomMappingSave } from './bom-mapping-drawer';
import { BomMappingTable, type Choice } from './bom-mapping-table';
import { BomMappingTaskAlert, useMappingTask } from './bom-mapping-task';

/** 'bom.warning.missingMapping' (an engine key) → 'warning.missingMapping' of the bom namespace. */
const bomKey = (key: string) => key.replace(/^bom\./, '');

/** Spec §5: a whole number of at least 1. */
const validIndex = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1;

/** The engine's keys of a 400 answer (`details[].key`). */
function detailKeys(error: unknown): string[] {
  const details = error instanceof ApiError ? (error.details as Array<{ key?: string }> | undefined) : undefined;
  return Array.isArray(details) ? details.map((d) => d.key).filter((k): k is string => !!k) : [];
}

function initialChoices(headers: string[], mapping: FieldMapping): Choice[] {
  const next: Choice[] = headers.map(() => '');
  for (const m of mapping) {
    const col = m.columnIndex ?? headers.indexOf(m.importHeader);
    if (col >= 0 && col < headers.length) next[col] = m.articleField as BomMappableField;
  }
  return next;
}

export interface BomMappingFormProps {
  owner: BomOwnerRef;
  mapper?: BomMapper;
  proposal: BomMappingProposal;
  reload: () => void;
  /** an offer's Update header: propose for this header row */
  readHeaderRow: (index: number) => void;
  onClose: () => void;
  onTaskStarted?: (taskId: string) => void;
}

/** The Map panel's form (bom-mapping-drawer.tsx): header row with Update header, the table, the marker, Save. */
export function BomMappingForm(props: BomMappingFormProps) {
  const { owner, mapper, proposal, reload, readHeaderRow, onClose, onTaskStarted } = props;
  const { t } = useTranslation('bom');
  const readHeader = useReadBomHeader();
  const mapBom = useMapBom();
  const [savingOther, setSavingOther] = useState(false);
  const saving = mapBom.isPending || savingOther;
  const task = useMappingTask(owner, onClose);
  const headers = proposal.headers;
  const [indexText, setIndexText] = useState(String(proposal.bomHeaderRowIndex));
  const [choices, setChoices] = useState<Choice[]>(() => initialChoices(proposal.headers, proposal.mapping));
  const [supplied, setSupplied] = useState(proposal.suppliedPartString ?? '');
  const [warnings, setWarnings] = useState<string[]>(() =>
    proposal.headers.some((x) => x.trim()) ? [] : [t('warning.noHeadersFound')],
  );
  const used = new Set(choices.filter(Boolean));

  const updateHeader = async () => {
    if (!validIndex(indexText)) return setWarnings([t('error.indexInvalid')]);
    if (!mapper && owner.offerId) return readHeaderRow(Number(indexText));
    try {
      if (mapper) await mapper.updateHeader(Number(indexText));
      else {
        // saves the header row on the enquiry; the proposal follows the new header row
        await readHeader.mutateAsync({ enquiryId: owner.enquiryId, headerRowIndex: Number(indexText) });
        reload();
      }
    } catch (error) {
      setWarnings([t('warning.headerIndexChangeFailed'), ...detailKeys(error).map((k) => t(bomKey(k)))]);
    }
  };

  const problemsBeforeSave = () => [
    ...(validIndex(indexText) ? [] : [t('warning.headerRowIndexWrong')]),
    ...(used.has('orderNumber') || used.has('manufacturerNumber') ? [] : [t('warning.missingMapping')]),
    ...(headers.some((h) => h.trim()) ? [] : [t('warning.noHeadersFound')]),
  ];

  const save = async () => {
    const problems = problemsBeforeSave();
    setWarnings(problems);
    if (problems.length) return;
    const request: BomMappingSave = {
      headerRowIndex: Number(indexText),
      mapping: choices.flatMap((field, columnIndex) =>
        field ? [{ columnIndex, importHeader: headers[columnIndex] ?? '', articleField: field }] : [],
      ),
      ...(used.has('isSuppliedPart') && supplied.trim() ? { suppliedPartString: supplied.trim() } : {}),
    };
    try {
      if (mapper) {
        setSavingOther(true);
        await mapper.save(request).finally(() => setSavingOther(false));
      } else {
        const answer = await mapBom.mutateAsync({ ...owner, ...request });
        if ('taskId' in answer) {
          if (!onTaskStarted) return task.setTaskId(answer.taskId);
          onTaskStarted(answer.taskId);
          return onClose();
        }
      }
      notify.success(t('mapping.saved'));
      onClose();
    } catch (error) {
      const keys = detailKeys(error);
      if (error instanceof ApiError && error.code === 'validation' && keys.length)
        setWarnings(keys.map((k) => (k.startsWith('bom.') ? t(bomKey(k)) : t(`common:${k}`))));
      else setWarnings([errorMessage(error, t('mapping.failed'))]);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('mapping.headerRowIndex')}
          type="number"
          size="small"
          value={indexText}
          onChange={(e) => setIndexText(e.target.value)}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <Button onClick={() => void updateHeader()} disabled={readHeader.isPending}>
          {t('mapping.updateHeader')}
        </Button>
      </Stack>
      {warnings.map((w) => (
        <Alert key={w} severity="warning">
          {w}
        </Alert>
      ))}
      <BomMappingTable headers={headers} choices={choices} onChange={setChoices} />
      {used.has('isSuppliedPart') && (
        <TextField
          label={t('mapping.suppliedPartString')}
          helperText={t('mapping.suppliedPartHint')}
          size="small"
          value={supplied}
          onChange={(e) => setSupplied(e.target.value)}
          slotProps={{ htmlInput: { maxLength: SUPPLIED_PART_STRING_MAX_LENGTH } }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('mapping.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || task.running}>
          {t('mapping.save')}
        </Button>
      </Stack>
      {saving && <LinearProgress aria-label={t('mapping.save')} />}
      {task.taskId && <BomMappingTaskAlert task={task.task} />}
    </>
  );
}
