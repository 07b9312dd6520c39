import { useMemo, useState } from 'react';
import { Button, Stack } from '@mui/material';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { COMBINABLE_KINDS, type FieldValue, type FieldValueKind } from '@model/catalogue';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListPage, type BulkAction, type ListColumn } from '@/components/list-page';
import { paths, type FieldValueList } from '@/config/paths';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useCombineFieldValues } from '../api/combine-field-values';
import { useDeleteFieldValues } from '../api/delete-field-values';
import { useFieldValues } from '../api/get-field-values';
import { KIND_OF } from '../api/kinds';
import { CombineDialog } from './combine-dialog';
import { DiscountGroupCsvButtons } from './discount-group-csv-buttons';

/** The list columns per kind (spec 02 §2). */
function columnsOf(kind: FieldValueKind, manufacturers: FieldValue[]): ListColumn<FieldValue>[] {
  const name: ListColumn<FieldValue> = {
    id: 'displayName',
    labelKey: 'field-values:field.displayName',
    value: (i) => i.displayName,
  };
  const used: ListColumn<FieldValue> = {
    id: 'usedByArticleAmount',
    labelKey: 'field-values:field.usedByArticleAmount',
    value: (i) => i.usedByArticleAmount,
    align: 'right',
  };
  if (kind !== 'discountGroup') return [name, used];
  const byId = new Map(manufacturers.map((m) => [m.id, m.displayName]));
  return [
    name,
    {
      id: 'manufacturer',
      labelKey: 'field-values:field.manufacturerId',
      value: (i) => byId.get(i.manufacturerId ?? '') ?? '',
    },
    { id: 'percent', labelKey: 'field-values:field.percent', value: (i) => i.percent, align: 'right' },
    used,
  ];
}

/** /fieldvalues/<list>: the whole list in client mode (search, sort, paging in memory), delete, combine. */
export function FieldValueListPage({ list }: { list: FieldValueList }) {
  const kind = KIND_OF[list];
  const { t } = useTranslation('field-values');
  const navigate = useNavigate();
  const items = useFieldValues(kind);
  const manufacturers = useFieldValues('manufacturer', kind === 'discountGroup');
  const remove = useDeleteFieldValues(kind);
  const combine = useCombineFieldValues(kind);
  const [combineOpen, setCombineOpen] = useState(false);
  const [single, setSingle] = useState<FieldValue | null>(null);
  const combinable = (COMBINABLE_KINDS as readonly string[]).includes(kind);

  const columns = useMemo<ListColumn<FieldValue>[]>(
    () => [
      ...columnsOf(kind, manufacturers.data ?? []),
      {
        id: 'display',
        labelKey: 'list.actions',
        action: true,
        render: (i) => (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<VisibilityIcon />}
              aria-label={t('displayNamed', { name: i.displayName })}
              onClick={() => navigate(paths.fieldValues.detail.getHref(list, i.id), { state: { item: i } })}
            >
              {t('display')}
            </Button>
            {kind === 'manufacturer' && (
              <Button
                size="small"
                color="error"
                aria-label={t('deleteNamed', { name: i.displayName })}
                onClick={() => setSingle(i)}
              >
                <DeleteIcon fontSize="small" />
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [kind, list, manufacturers.data, navigate, t],
  );

  const bulkAction: BulkAction<FieldValue> = {
    labelKey: 'list.delete',
    icon: <DeleteIcon />,
    confirmTitleKey: `field-values:${list}.deleteTitle`,
    confirmTextKey: 'field-values:deleteConfirm',
    runAll: async (rows) => {
      const result = await remove.mutateAsync(rows.map((r) => r.id));
      return rows.map((r) => ({ status: 'fulfilled', value: result.deleted.includes(r.id) }));
    },
    successKey: 'field-values:deleted',
    errorKey: `field-values:${list}.deleteFailed`,
    failureLevel: 'warn',
  };

  const runCombine = async (survivorId: string, mergedIds: string[]) => {
    setCombineOpen(false);
    try {
      await combine.mutateAsync([survivorId, ...mergedIds]);
      notify.success(t('combine.done'));
    } catch (error) {
      showError(error);
    }
  };

  const deleteSingle = async (item: FieldValue) => {
    setSingle(null);
    try {
      const result = await remove.mutateAsync([item.id]);
      if (result.deleted.length) notify.success(t('deleted', { count: 1 }));
      else notify.error(t('manufacturer.deleteFailed'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <ListPage
        title={t(`${list}.title`)}
        rows={items.data ?? []}
        loading={items.isPending}
        columns={columns}
        getRowId={(i) => i.id}
        onAdd={() => navigate(paths.fieldValues.detail.getHref(list, 'new'))}
        bulkAction={bulkAction}
        defaultSort={{ columnId: 'displayName', direction: 'asc' }}
      >
        {combinable && (
          <Button startIcon={<CallMergeIcon />} sx={{ alignSelf: 'flex-start' }} onClick={() => setCombineOpen(true)}>
            {t('combine.open')}
          </Button>
        )}
        {kind === 'discountGroup' && <DiscountGroupCsvButtons />}
      </ListPage>
      {combinable && (
        <CombineDialog
          open={combineOpen}
          items={items.data ?? []}
          onCombine={(s, m) => void runCombine(s, m)}
          onClose={() => setCombineOpen(false)}
        />
      )}
      <ConfirmDialog
        open={!!single}
        title={t('manufacturer.deleteTitle')}
        text={t('manufacturer.deleteOne', { name: single?.displayName, count: single?.usedByArticleAmount ?? 0 })}
        onConfirm={() => single && void deleteSingle(single)}
        onCancel={() => setSingle(null)}
      />
    </>
  );
}

/** One page component per list (the route table takes components without props). */
export const ManufacturerListPage = () => <FieldValueListPage list="manufacturer" />;
export const DiscountGroupListPage = () => <FieldValueListPage list="discount" />;
export const UnitListPage = () => <FieldValueListPage list="unit" />;
export const WholesalerListPage = () => <FieldValueListPage list="wholesaler" />;
