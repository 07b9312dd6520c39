import { useState } from 'react';
import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ListIcon from '@mui/icons-material/List';
import { FieldArray, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import * as yup from 'yup';
import type { FieldValue, FieldValueKind } from '@model/catalogue';
import { isHttpLink } from '@model/catalogue-schemas';
import { VALIDATION_KEYS as V } from '@model/validation';
import { ChangeHistory } from '@/components/change-history';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RecordError } from '@/components/errors/record-error';
import { FormFieldValueSelect } from '@/components/field-value-select';
import { FormPage, FormTextField } from '@/components/form-page';
import { paths, type FieldValueList } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useDeleteManufacturerArticles } from '../api/delete-manufacturer-articles';
import { fieldValueHistoryQueryOptions } from '../api/get-field-value-history';
import { useFieldValue } from '../api/get-field-value';
import { useFieldValues } from '../api/get-field-values';
import { KIND_OF } from '../api/kinds';
import { useSaveFieldValue } from '../api/save-field-value';
import { NameVariantsField } from './name-variants-field';

interface Values {
  displayName: string;
  nameVariants: string[];
  abbreviation: string;
  link: string;
  percent: string;
  manufacturerId: string;
  wholesalerDiscounts: Array<{ wholesalerId: string; percent: string }>;
}

/** formik stores a `type="number"` input's value as a number */
const num = (v: unknown) => Number(String(v).replace(',', '.'));

const percent = () =>
  yup
    .string()
    .required(V.required)
    .test('range', V.max, (v) => !v || (num(v) >= 0 && num(v) <= 100));

/** The form's checks per list (spec 02 §5: the required fields; the server checks everything again). */
function schemaOf(list: FieldValueList) {
  const base = { displayName: yup.string().trim().required(V.required) };
  if (list === 'manufacturer')
    return yup.object({ ...base, link: yup.string().test('link', V.type, (v) => !v?.trim() || isHttpLink(v.trim())) });
  if (list === 'discount')
    return yup.object({
      ...base,
      percent: percent(),
      manufacturerId: yup.string().required(V.required),
      wholesalerDiscounts: yup
        .array()
        .of(yup.object({ wholesalerId: yup.string().required(V.required), percent: percent() })),
    });
  return yup.object(base);
}

function WholesalerDiscounts() {
  const { t } = useTranslation('field-values');
  const formik = useFormikContext<Values>();
  const wholesalers = useFieldValues('wholesaler');
  const used = formik.values.wholesalerDiscounts.map((w) => w.wholesalerId);
  return (
    <FieldArray name="wholesalerDiscounts">
      {(helpers) => (
        <Stack spacing={1} component="section" aria-label={t('field.wholesalerDiscounts')}>
          <Typography variant="subtitle2">{t('field.wholesalerDiscounts')}</Typography>
          {formik.values.wholesalerDiscounts.map((w, i) => (
            <Stack key={i} direction="row" spacing={1}>
              <TextField
                select
                size="small"
                sx={{ minWidth: 200 }}
                label={t('field.wholesaler')}
                name={`wholesalerDiscounts.${i}.wholesalerId`}
                value={w.wholesalerId}
                onChange={formik.handleChange}
              >
                {(wholesalers.data ?? [])
                  .filter((o) => o.id === w.wholesalerId || !used.includes(o.id))
                  .map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.displayName}
                    </MenuItem>
                  ))}
              </TextField>
              <TextField
                size="small"
                type="number"
                label={t('field.percent')}
                name={`wholesalerDiscounts.${i}.percent`}
                value={w.percent}
                onChange={formik.handleChange}
                slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
              />
              <IconButton aria-label={t('removeDiscount')} onClick={() => helpers.remove(i)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => helpers.push({ wholesalerId: '', percent: '' })}
          >
            {t('addDiscount')}
          </Button>
        </Stack>
      )}
    </FieldArray>
  );
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The form's values of a stored item (empty for a new one). */
function valuesOf(item: FieldValue | undefined): Values {
  return {
    displayName: item?.displayName ?? '',
    nameVariants: item?.nameVariants ?? [],
    abbreviation: str(item?.abbreviation),
    link: str(item?.link),
    percent: str(item?.percent),
    manufacturerId: str(item?.manufacturerId),
    wholesalerDiscounts: (item?.wholesalerDiscounts ?? []).map((w) => ({
      wholesalerId: w.wholesalerId,
      percent: str(w.percent),
    })),
  };
}

/** The body of the save: the fields of the item's kind. */
function bodyOf(kind: FieldValueKind, id: string | undefined, v: Values) {
  const common = { id, displayName: v.displayName.trim() };
  return kind === 'manufacturer'
    ? {
        ...common,
        nameVariants: v.nameVariants,
        abbreviation: v.abbreviation.trim() || undefined,
        link: v.link.trim() || undefined,
      }
    : kind === 'discountGroup'
      ? {
          ...common,
          nameVariants: v.nameVariants,
          percent: num(v.percent),
          manufacturerId: v.manufacturerId,
          wholesalerDiscounts: v.wholesalerDiscounts.map((w) => ({
            wholesalerId: w.wholesalerId,
            percent: num(w.percent),
          })),
        }
      : kind === 'unit'
        ? { ...common, nameVariants: v.nameVariants }
        : common;
}

/** /fieldvalues/<list>/:id ('new' = create): the fields of the list's kind (spec 02 §2). */
export function FieldValueFormPage({ list }: { list: FieldValueList }) {
  const kind = KIND_OF[list];
  const { t } = useTranslation('field-values');
  const navigate = useNavigate();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const fromList = (useLocation().state as { item?: FieldValue } | null)?.item;
  const loaded = useFieldValue(kind, id, !isNew && fromList?.id !== id);
  const item = isNew ? undefined : fromList?.id === id ? fromList : loaded.data;
  const all = useFieldValues(kind);
  const save = useSaveFieldValue(kind);
  const deleteArticles = useDeleteManufacturerArticles();
  const [confirmArticles, setConfirmArticles] = useState(false);
  const back = paths.fieldValues.list.getHref(list);

  if (!isNew && loaded.isError && !item)
    return <RecordError error={loaded.error} backTo={back} onRetry={() => void loaded.refetch()} />;

  const initialValues = valuesOf(item);
  const submit = async (v: Values) => {
    await save.mutateAsync(bodyOf(kind, isNew ? undefined : id, v));
    navigate(back);
  };

  const runDeleteArticles = async () => {
    setConfirmArticles(false);
    try {
      await deleteArticles.mutateAsync(id);
      notify.success(t('manufacturer.articlesDeleted'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <FormPage<Values>
        title={t(`${list}.${isNew ? 'createTitle' : 'editTitle'}`)}
        initialValues={initialValues}
        validationSchema={schemaOf(list)}
        onSubmit={submit}
        loading={!isNew && !item && loaded.isPending}
        backTo={back}
        messages={{
          success: 'field-values:saved',
          error: (e) =>
            e instanceof ApiError && e.status === 412 ? 'field-values:errors.wholesalerNameTaken' : undefined,
        }}
        actions={
          kind === 'manufacturer' && !isNew ? (
            <>
              <Button
                startIcon={<ListIcon />}
                onClick={() => navigate(paths.articles.list.getHref(), { state: { manufacturerId: id } })}
              >
                {t('manufacturer.toArticles')}
              </Button>
              <Button color="error" onClick={() => setConfirmArticles(true)}>
                {t('manufacturer.deleteArticles')}
              </Button>
            </>
          ) : undefined
        }
      >
        <FormTextField name="displayName" labelKey="field-values:field.displayName" required />
        {kind === 'manufacturer' && <FormTextField name="abbreviation" labelKey="field-values:field.abbreviation" />}
        {kind === 'manufacturer' && <FormTextField name="link" labelKey="field-values:field.link" type="url" />}
        {kind === 'discountGroup' && (
          <FormTextField
            name="percent"
            labelKey="field-values:field.percent"
            type="number"
            required
            slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
          />
        )}
        {kind === 'discountGroup' && (
          <FormFieldValueSelect
            kind="manufacturer"
            name="manufacturerId"
            labelKey="field-values:field.manufacturerId"
            required
          />
        )}
        {kind !== 'wholesaler' && <NameVariantsField kind={kind} itemId={item?.id} others={all.data ?? []} />}
        {kind === 'discountGroup' && <WholesalerDiscounts />}
      </FormPage>
      <ConfirmDialog
        open={confirmArticles}
        title={t('manufacturer.deleteArticles')}
        text={t('manufacturer.deleteArticlesConfirm', {
          name: item?.displayName,
          count: item?.usedByArticleAmount ?? 0,
        })}
        onConfirm={() => void runDeleteArticles()}
        onCancel={() => setConfirmArticles(false)}
      />
      {!isNew && <ChangeHistory query={fieldValueHistoryQueryOptions(kind, id)} fieldLabel={(f) => t(`field.${f}`)} />}
    </>
  );
}

export const ManufacturerFormPage = () => <FieldValueFormPage list="manufacturer" />;
export const DiscountGroupFormPage = () => <FieldValueFormPage list="discount" />;
export const UnitFormPage = () => <FieldValueFormPage list="unit" />;
export const WholesalerFormPage = () => <FieldValueFormPage list="wholesaler" />;
