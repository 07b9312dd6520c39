import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { IMPORT_SOURCES, MAX_WHOLESALER_INFOS, type Article, type FieldValueKind } from '@model/catalogue';
import { RecordError } from '@/components/errors/record-error';
import { FieldValueSelect, FormFieldValueSelect } from '@/components/field-value-select';
import { FormPage, FormSelectField, FormTextField, useValidationText } from '@/components/form-page';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useArticle } from '../api/get-article';
import { useSaveArticle } from '../api/save-article';
import {
  articleFormSchema,
  NUMBER_FIELDS,
  TEXT_FIELDS,
  toFormValues,
  toInput,
  type ArticleFormValues,
} from './article-form-values';
import { AlternativesPanel } from './alternatives-panel';
import { ArticleHistory } from './article-history';

/** Spec 8: 406 create conflict, 409 update conflict, 417 missing values (their texts); anything else the default. */
export function articleErrorKey(error: unknown): string | undefined {
  return error instanceof ApiError && [400, 406, 409, 417].includes(error.status) ? undefined : 'articles:saveFailed';
}

const REFERENCES: Array<{ name: 'manufacturerId' | 'discountGroupId' | 'unitId'; kind: FieldValueKind }> = [
  { name: 'manufacturerId', kind: 'manufacturer' },
  { name: 'discountGroupId', kind: 'discountGroup' },
  { name: 'unitId', kind: 'unit' },
];

/** The wholesaler entries: each a wholesaler, its purchase price and order number. */
function WholesalerInfos() {
  const { t } = useTranslation('articles');
  const formik = useFormikContext<ArticleFormValues>();
  const text = useValidationText();
  return (
    <FieldArray name="wholesalerInfos">
      {(helpers) => (
        <Stack spacing={1} component="section" aria-label={t('wholesalers.title')}>
          <Typography variant="h2">{t('wholesalers.title')}</Typography>
          {formik.values.wholesalerInfos.map((w, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <FieldValueSelect
                kind="wholesaler"
                name={`wholesalerInfos.${i}.wholesalerId`}
                label={t('wholesalers.wholesaler')}
                value={w.wholesalerId || undefined}
                onChange={(item) => void formik.setFieldValue(`wholesalerInfos.${i}.wholesalerId`, item?.id ?? '')}
                error={!!getIn(formik.errors, `wholesalerInfos.${i}.wholesalerId`) && formik.submitCount > 0}
                helperText={
                  formik.submitCount > 0 ? text(getIn(formik.errors, `wholesalerInfos.${i}.wholesalerId`)) : undefined
                }
                sx={{ minWidth: 200 }}
              />
              <TextField
                size="small"
                type="number"
                label={t('field.purchasePrice')}
                name={`wholesalerInfos.${i}.purchasePrice`}
                value={w.purchasePrice}
                onChange={formik.handleChange}
                slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
              />
              <TextField
                size="small"
                label={t('field.orderNumber')}
                name={`wholesalerInfos.${i}.orderNumber`}
                value={w.orderNumber}
                onChange={formik.handleChange}
              />
              <IconButton aria-label={t('wholesalers.remove')} onClick={() => helpers.remove(i)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            disabled={formik.values.wholesalerInfos.length >= MAX_WHOLESALER_INFOS}
            onClick={() => helpers.push({ wholesalerId: '', purchasePrice: '', orderNumber: '' })}
          >
            {t('wholesalers.add')}
          </Button>
        </Stack>
      )}
    </FieldArray>
  );
}

export interface ArticleFormProps {
  /** the article's id, or 'new' to create one */
  id: string;
  /** after a save, with the article the server answered */
  onSaved: (article: Article) => void;
  /** the back button: a link target (the page) … */
  backTo?: string;
  /** … or an action (the editor in another feature's side panel closes itself) */
  onBack?: () => void;
}

/**
 * The article form: every article field of spec 02 §3 and the alternatives panel, loaded by id and saved through
 * POST /article/ or /article/update. The page /article/:id and the article editor (`ArticleEditor`, offered to other
 * features through the editor slot) render it.
 */
export function ArticleForm({ id, onSaved, backTo, onBack }: ArticleFormProps) {
  const { t } = useTranslation('articles');
  const isNew = id === 'new';
  const loaded = useArticle(id, !isNew);
  const save = useSaveArticle();

  if (!isNew && loaded.isError && !loaded.data)
    return (
      <RecordError error={loaded.error} backTo={paths.articles.list.getHref()} onRetry={() => void loaded.refetch()} />
    );

  return (
    <FormPage<ArticleFormValues>
      title={t(isNew ? 'createTitle' : 'editTitle')}
      initialValues={toFormValues(isNew ? undefined : loaded.data)}
      validationSchema={articleFormSchema}
      loading={!isNew && loaded.isPending}
      backTo={backTo}
      onBack={onBack}
      messages={{ success: 'articles:saved', error: articleErrorKey }}
      onSubmit={async (values) => {
        onSaved(await save.mutateAsync(toInput(values, isNew ? undefined : id)));
      }}
    >
      {REFERENCES.slice(0, 1).map((r) => (
        <FormFieldValueSelect key={r.name} name={r.name} labelKey={`articles:field.${r.name}`} kind={r.kind} />
      ))}
      {TEXT_FIELDS.map((f) => (
        <FormTextField
          key={f}
          name={f}
          labelKey={`articles:field.${f}`}
          type={f === 'manufacturerLink' || f === 'image' ? 'url' : 'text'}
          multiline={f === 'description'}
        />
      ))}
      {REFERENCES.slice(1).map((r) => (
        <FormFieldValueSelect key={r.name} name={r.name} labelKey={`articles:field.${r.name}`} kind={r.kind} />
      ))}
      {NUMBER_FIELDS.map((f) => (
        <FormTextField
          key={f}
          name={f}
          labelKey={`articles:field.${f}`}
          type="number"
          slotProps={{ htmlInput: { min: 0, step: f === 'deliveryTime' ? 1 : 0.01 } }}
        />
      ))}
      <FormSelectField
        name="articleImportSource"
        labelKey="articles:field.articleImportSource"
        options={IMPORT_SOURCES.map((s) => ({ value: s, label: t(`importSource.${s}`) }))}
      />
      <WholesalerInfos />
      <AlternativesPanel articleId={isNew ? undefined : id} />
    </FormPage>
  );
}

/** /article/:id ('new' = create): the article form and, for a stored article, its change history; a save goes back to the list. */
export function ArticleFormPage() {
  const navigate = useNavigate();
  const { id = 'new' } = useParams();
  return (
    <>
      <ArticleForm
        id={id}
        backTo={paths.articles.list.getHref()}
        onSaved={() => navigate(paths.articles.list.getHref())}
      />
      {id !== 'new' && <ArticleHistory id={id} />}
    </>
  );
}
