import * as yup from 'yup';
import { ARTICLE_NUMBER_FIELDS, type Article, type ArticleInput } from '@model/catalogue';
import { isHttpLink } from '@model/catalogue-schemas';
import { hasAtMostTwoDecimals } from '@model/price';
import { VALIDATION_KEYS as V } from '@model/validation';

/** The text fields of the article form (spec 02 §3), in form order. */
export const TEXT_FIELDS = [
  'orderNumber',
  'manufacturerNumber',
  'erpNumber',
  'description',
  'eanNumber',
  'eclass9_1Id',
  'customsTarifNumber',
  'countryOfOriginAbbreviation',
  'rohs',
  'surchargeCode',
  'copperCode',
  'manufacturerLink',
  'image',
] as const;

/** The number fields (≥ 0, step 0.01). */
export const NUMBER_FIELDS = ARTICLE_NUMBER_FIELDS;

const REFERENCE_FIELDS = ['manufacturerId', 'discountGroupId', 'unitId'] as const;

type TextField = (typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number] | (typeof REFERENCE_FIELDS)[number];

/** The form's values: every input as a string, the lists as they are. */
export type ArticleFormValues = Record<TextField, string> & {
  articleImportSource: Article['articleImportSource'];
  possibleOrderNumbers: string[];
  possibleManufacturerNumbers: string[];
  wholesalerInfos: Array<{ wholesalerId: string; purchasePrice: string; orderNumber: string }>;
};

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function toFormValues(a?: Article): ArticleFormValues {
  const values = {} as Record<TextField, string>;
  for (const f of [...TEXT_FIELDS, ...NUMBER_FIELDS, ...REFERENCE_FIELDS]) values[f] = str(a?.[f]);
  return {
    ...values,
    articleImportSource: a?.articleImportSource ?? 'MANUAL',
    possibleOrderNumbers: a?.possibleOrderNumbers ?? [],
    possibleManufacturerNumbers: a?.possibleManufacturerNumbers ?? [],
    wholesalerInfos: (a?.wholesalerInfos ?? []).map((w) => ({
      wholesalerId: w.wholesalerId,
      purchasePrice: str(w.purchasePrice),
      orderNumber: str(w.orderNumber),
    })),
  };
}

/** An input's value as text: formik stores a `type="number"` input's value as a number. */
const asText = (v: unknown) => (v === undefined || v === null ? '' : String(v)).trim();
const num = (v: unknown) => (asText(v) === '' ? undefined : Number(asText(v).replace(',', '.')));
const text = (v: unknown) => asText(v) || undefined;

/** What the API gets: numbers as numbers, empty inputs left out. */
export function toInput(values: ArticleFormValues, id?: string): ArticleInput {
  const out: Record<string, unknown> = { id };
  for (const f of [...TEXT_FIELDS, ...REFERENCE_FIELDS]) out[f] = text(values[f]);
  for (const f of NUMBER_FIELDS) out[f] = num(values[f]);
  return {
    ...(out as Partial<ArticleInput>),
    articleImportSource: values.articleImportSource,
    possibleOrderNumbers: values.possibleOrderNumbers,
    possibleManufacturerNumbers: values.possibleManufacturerNumbers,
    wholesalerInfos: values.wholesalerInfos.map((w) => ({
      wholesalerId: w.wholesalerId,
      purchasePrice: num(w.purchasePrice),
      orderNumber: text(w.orderNumber),
    })),
  };
}

/** An amount input: empty, or a number ≥ 0 with at most two decimals (German comma allowed). */
const amount = () =>
  yup
    .string()
    .test('number', V.type, (v) => !asText(v) || Number.isFinite(num(v)))
    .test('min', V.min, (v) => !asText(v) || (num(v) ?? 0) >= 0)
    .test('decimals', V.type, (v) => !asText(v) || hasAtMostTwoDecimals(num(v) ?? 0));
const link = () => yup.string().test('link', V.type, (v) => !v?.trim() || isHttpLink(v.trim()));

/** The form's own checks (the server checks them again): amounts, links, wholesaler rows. */
export const articleFormSchema = yup.object({
  ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, amount()])),
  manufacturerLink: link(),
  image: link(),
  wholesalerInfos: yup
    .array()
    .of(yup.object({ wholesalerId: yup.string().required(V.required), purchasePrice: amount() })),
});
