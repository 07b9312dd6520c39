import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Drawer,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BOM_MAPPABLE_FIELDS, type BomMappableField, type FieldMapping } from '@model/bom/fields';
import { isFinalTaskState } from '@model/background-task';
import { SUPPLIED_PART_STRING_MAX_LENGTH, type BomMappingProposal } from '@model/bom-job';
import { ApiError } from '@/lib/api-client';
import { errorMessage, errorText } from '@/lib/errors';
import type { ErrorCode } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { bomOwnerQueries, useBomMapping, useBomTask, useMapBom, type BomOwnerRef } from '../api/bom-jobs';
import { useReadBomHeader } from '../api/read-bom-header';

/** What the mapping table saves (the enquiry's map call, or the admin import's). */
export interface BomMappingSave {
  headerRowIndex: number;
  mapping: FieldMapping;
  suppliedPartString?: string;
}

/**
 * Where the panel reads and saves a mapping when it is not an enquiry's stored file (the admin import: the file is
 * held by the page). `proposal` is what the panel starts with; Update header and Save go through the callbacks.
 */
export interface BomMapper {
  proposal: { data?: BomMappingProposal; isFetching: boolean; error: unknown; dataUpdatedAt: number };
  updateHeader: (headerRowIndex: number) => Promise<void>;
  save: (request: BomMappingSave) => Promise<void>;
}

export interface BomMappingDrawerProps {
  /** the enquiry's job, or (with `offerId`) the offer's (omit with `mapper`) */
  owner?: BomOwnerRef;
  /** maps something else than an enquiry's file (the admin import) */
  mapper?: BomMapper;
  open: boolean;
  onClose: () => void;
  /**
   * A background mapping started (202): the caller follows it (BomTaskProgress on the panel) and the side panel
   * closes; without it the side panel shows the progress itself while it stays open.
   */
  onTaskStarted?: (taskId: string) => void;
}

type Choice = BomMappableField | '';

/** No owner: the admin import's `mapper` reads and saves instead. */
const NO_OWNER: BomOwnerRef = { enquiryId: '' };

/** 'bom.warning.missingMapping' (an engine key) → 'warning.missingMapping' of the bom namespace. */
const bomKey = (key: string) => key.replace(/^bom\./, '');

/** Spec §5: a whole number of at least 1. */
const validIndex = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1;

/**
 * Spec 02 §2 "BOM upload and mapping panels": the Map side panel — header-row index with Update header (POST
 * /enquiry/bom/header re-reads the stored file and saves the row on the enquiry; an offer's panel asks GET
 * /enquiry/bom/mapping for that row instead: the supplier never changes the enquiry), the mapping table pre-filled with the saved, remembered or
 * suggested mapping (a field already used by another column is not offered), the supplied-part marker, Save
 * (POST /enquiry/bom/map). The spec's warnings: missing mapping, header row index wrong, index invalid,
 * headerIndexChangeFailed, no headers found.
 */
export function BomMappingDrawer({ owner = NO_OWNER, mapper, open, onClose, onTaskStarted }: BomMappingDrawerProps) {
  const { t } = useTranslation('bom');
  // an offer's Update header: the proposal for that header row (nothing saved until Save)
  const [headerRowIndex, setHeaderRowIndex] = useState<number | undefined>();
  const ownerProposal = useBomMapping(owner, open && !mapper, headerRowIndex);
  const proposal = mapper?.proposal ?? ownerProposal;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, p: 2 } } }}
    >
      <Stack spacing={2} role="region" aria-label={t('mapping.title')} data-testid="bom-mapping">
        <Typography variant="h2">{t('mapping.title')}</Typography>
        {proposal.isFetching && <LinearProgress aria-label={t('common:common.loading')} />}
        {!!proposal.error && <Alert severity="error">{errorMessage(proposal.error, t('mapping.loadFailed'))}</Alert>}
        {proposal.data && (
          <Typography variant="body2" color="text.secondary">
            {t(`mapping.source.${proposal.data.source}`)}
          </Typography>
        )}
        {proposal.data && (
          <MappingForm
            // a new proposal (after Update header) starts the form again
            key={proposal.dataUpdatedAt}
            owner={owner}
            mapper={mapper}
            proposal={proposal.data}
            reload={() => void ownerProposal.refetch()}
            readHeaderRow={setHeaderRowIndex}
            onClose={onClose}
            onTaskStarted={onTaskStarted}
          />
        )}
      </Stack>
    </Drawer>
  );
}

function initialChoices(headers: string[], mapping: FieldMapping): Choice[] {
  const next: Choice[] = headers.map(() => '');
  for (const m of mapping) {
    const col = m.columnIndex ?? headers.indexOf(m.importHeader);
    if (col >= 0 && col < headers.length) next[col] = m.articleField as BomMappableField;
  }
  return next;
}

interface MappingFormProps {
  owner: BomOwnerRef;
  mapper?: BomMapper;
  proposal: BomMappingProposal;
  reload: () => void;
  /** an offer's Update header: propose for this header row */
  readHeaderRow: (index: number) => void;
  onClose: () => void;
  onTaskStarted?: (taskId: string) => void;
}

function MappingForm({ owner, mapper, proposal, reload, readHeaderRow, onClose, onTaskStarted }: MappingFormProps) {
  const { t } = useTranslation('bom');
  const readHeader = useReadBomHeader();
  const mapBom = useMapBom();
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState<string | undefined>();
  const [savingOther, setSavingOther] = useState(false);
  const saving = mapBom.isPending || savingOther;
  const task = useBomTask(owner, taskId);
  const headers = proposal.headers;
  const taskState = task.data?.state;

  // a background mapping ended: the enquiry (summary) and its table reload; the panel closes when it succeeded
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!taskState || !isFinalTaskState(taskState) || handled.current === taskId) return;
    handled.current = taskId;
    void queryClient.invalidateQueries({ queryKey: bomOwnerQueries(owner) });
    if (taskState === 'done') {
      notify.success(t('mapping.saved'));
      onClose();
    } else notify.error(t('mapping.failed'));
  }, [taskState, taskId, queryClient, onClose, t, owner]);
  const [indexText, setIndexText] = useState(String(proposal.bomHeaderRowIndex));
  const [choices, setChoices] = useState<Choice[]>(() => initialChoices(proposal.headers, proposal.mapping));
  const [supplied, setSupplied] = useState(proposal.suppliedPartString ?? '');
  const [warnings, setWarnings] = useState<string[]>(() =>
    proposal.headers.some((x) => x.trim()) ? [] : [t('warning.noHeadersFound')],
  );
  const used = useMemo(() => new Set(choices.filter(Boolean)), [choices]);

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
      const details = error instanceof ApiError ? (error.details as Array<{ key?: string }> | undefined) : undefined;
      const keys = Array.isArray(details) ? details.map((d) => d.key).filter((k): k is string => !!k) : [];
      setWarnings([t('warning.headerIndexChangeFailed'), ...keys.map((k) => t(bomKey(k)))]);
    }
  };

  const save = async () => {
    const problems: string[] = [];
    if (!validIndex(indexText)) problems.push(t('warning.headerRowIndexWrong'));
    if (!used.has('orderNumber') && !used.has('manufacturerNumber')) problems.push(t('warning.missingMapping'));
    if (!headers.some((h) => h.trim())) problems.push(t('warning.noHeadersFound'));
    setWarnings(problems);
    if (problems.length) return;
    const mapping: FieldMapping = choices.flatMap((field, columnIndex) =>
      field ? [{ columnIndex, importHeader: headers[columnIndex] ?? '', articleField: field }] : [],
    );
    const request: BomMappingSave = {
      headerRowIndex: Number(indexText),
      mapping,
      ...(used.has('isSuppliedPart') && supplied.trim() ? { suppliedPartString: supplied.trim() } : {}),
    };
    try {
      if (mapper) {
        setSavingOther(true);
        await mapper.save(request).finally(() => setSavingOther(false));
      } else {
        const answer = await mapBom.mutateAsync({ ...owner, ...request });
        if ('taskId' in answer) {
          if (!onTaskStarted) return setTaskId(answer.taskId);
          onTaskStarted(answer.taskId);
          return onClose();
        }
      }
      notify.success(t('mapping.saved'));
      onClose();
    } catch (error) {
      const details = error instanceof ApiError ? (error.details as Array<{ key?: string }> | undefined) : undefined;
      const keys = Array.isArray(details) ? details.map((d) => d.key).filter((k): k is string => !!k) : [];
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
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('mapping.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('mapping.column')}</TableCell>
              <TableCell>{t('mapping.field')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {headers.map((header, col) =>
              header.trim() ? (
                <TableRow key={col}>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{header}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      value={choices[col] ?? ''}
                      label={header}
                      onChange={(e) => setChoices((c) => c.map((v, i) => (i === col ? (e.target.value as Choice) : v)))}
                    >
                      <MenuItem value="">{t('mapping.none')}</MenuItem>
                      {BOM_MAPPABLE_FIELDS.filter((f) => f === choices[col] || !used.has(f)).map((f) => (
                        <MenuItem key={f} value={f}>
                          {t(`fields.${f}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                </TableRow>
              ) : null,
            )}
          </TableBody>
        </Table>
      </Box>
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
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving || (!!taskId && !(taskState && isFinalTaskState(taskState)))}
        >
          {t('mapping.save')}
        </Button>
      </Stack>
      {saving && <LinearProgress aria-label={t('mapping.save')} />}
      {taskId && taskState === 'failed' && (
        <Alert severity="error" data-testid="bom-mapping-task">
          {t('mapping.taskFailed', { reason: errorText((task.data?.error ?? 'unknown') as ErrorCode) })}
        </Alert>
      )}
      {taskId && taskState !== 'failed' && (
        <Alert severity="info" data-testid="bom-mapping-task">
          {t('mapping.running', { percent: task.data?.progress.percent ?? 0 })}
          <LinearProgress
            aria-label={t('mapping.runningLabel')}
            variant={task.data?.progress.percent != null ? 'determinate' : 'indeterminate'}
            value={task.data?.progress.percent ?? 0}
            sx={{ mt: 1 }}
          />
        </Alert>
      )}
    </>
  );
}
