import * as yup from 'yup';
import {
  ARTICLE_COLUMNS,
  IMPORT_SOURCES,
  MAX_ALTERNATIVES,
  MAX_IDS_PER_CALL,
  MAX_NAME_VARIANTS,
  MAX_WHOLESALER_INFOS,
  SEARCH_DEFAULT_AMOUNT,
  SEARCH_MAX_AMOUNT,
} from './catalogue.js';
import { idSchema, optionalBodyIdSchema, optionalIdSchema, bodyIdSchema } from './id.js';
import { commaList, pageRequestSchema } from './paging.js';
import { hasAtMostTwoDecimals } from './price.js';
import { line, multiline, VALIDATION_KEYS as V, withLimits } from './validation.js';

/** A JSON number ≥ 0 with at most two decimals (strings are refused). */
export const amount = () =>
  yup
    .number()
    .typeError(V.type)
    .transform((_v: unknown, original: unknown) => (original === null ? undefined : original))
    .test('number', V.type, (v, ctx) => v === undefined || typeof ctx.originalValue === 'number')
    .min(0, V.min)
    .max(1e9, V.max)
    .test('decimals', V.type, (v) => v === undefined || hasAtMostTwoDecimals(v))
    .optional();

/** A link: http(s) only. */
export const isHttpLink = (value: string) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value);
const link = () =>
  line(500)
    .test('link', V.type, (v) => !v || isHttpLink(v))
    .optional();

const number = line(100).optional();
const text = (max = 200) => line(max).optional();

/** Alternatives: trimmed, empties dropped, at most MAX_ALTERNATIVES. */
const alternatives = () =>
  yup
    .array()
    .typeError(V.type)
    .of(line(100).required(V.required))
    .transform((v: unknown) =>
      Array.isArray(v) ? v.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '') : v,
    )
    .max(MAX_ALTERNATIVES, V.max)
    .default([]);

export const articleSchema = yup.object({
  id: optionalBodyIdSchema,
  orderNumber: number,
  manufacturerNumber: number,
  manufacturerId: optionalBodyIdSchema,
  manufacturerLink: link(),
  erpNumber: text(100),
  description: multiline(2000).optional(),
  image: link(),
  rohs: text(50),
  eanNumber: text(20),
  eclass9_1Id: text(50),
  customsTarifNumber: text(50),
  countryOfOriginAbbreviation: text(10),
  listPrice: amount(),
  purchasePrice: amount(),
  discountGroupId: optionalBodyIdSchema,
  unitId: optionalBodyIdSchema,
  priceUnitSize: amount(),
  packagingUnitSize: amount(),
  orderQuantityUnitSize: amount(),
  minimumOrderQuantityUnitSize: amount(),
  deliveryTime: amount(),
  surchargeCode: text(50),
  copperCode: text(50),
  copperBaseValue: amount(),
  copperWeight: amount(),
  width: amount(),
  height: amount(),
  depth: amount(),
  weight: amount(),
  articleImportSource: yup
    .string()
    .oneOf([...IMPORT_SOURCES], V.oneOf)
    .default('MANUAL'),
  possibleOrderNumbers: alternatives(),
  possibleManufacturerNumbers: alternatives(),
  wholesalerInfos: yup
    .array()
    .typeError(V.type)
    .of(yup.object({ wholesalerId: bodyIdSchema, purchasePrice: amount(), orderNumber: number }))
    .max(MAX_WHOLESALER_INFOS, V.max)
    .default([]),
});
export const articleUpdateSchema = articleSchema.shape({ id: bodyIdSchema });

export const articleQuerySchema = yup.object({ id: idSchema });
export const articleDeleteSchema = yup.object({ id: idSchema });

export const articleFilterSchema = pageRequestSchema(ARTICLE_COLUMNS, {
  orderNumber: yup.string().typeError(V.type).trim().max(100, withLimits(V.maxLength)).optional(),
  manufacturer: optionalIdSchema,
});

export const articleSearchSchema = yup.object({
  searchTerm: yup.string().typeError(V.type).trim().max(100, withLimits(V.maxLength)).required(V.required),
  amount: yup
    .number()
    .typeError(V.type)
    .integer(V.integer)
    .min(1, V.min)
    .max(SEARCH_MAX_AMOUNT, V.max)
    .default(SEARCH_DEFAULT_AMOUNT),
});

export const articleReplaceSchema = yup.object({
  manufacturerId: optionalBodyIdSchema,
  manufacturerNumber: number,
  orderNumber: number,
  matchId: optionalBodyIdSchema,
});

const variants = () =>
  yup
    .array()
    .typeError(V.type)
    .of(line(200).required(V.required))
    .transform((v: unknown) =>
      Array.isArray(v) ? v.map((s) => (typeof s === 'string' ? s.trim() : s)).filter((s) => s !== '') : v,
    )
    .max(MAX_NAME_VARIANTS, V.max)
    .default([]);

const base = { id: optionalBodyIdSchema, displayName: line(200).required(V.required) };
export const manufacturerSchema = yup.object({
  ...base,
  nameVariants: variants(),
  abbreviation: text(50),
  link: link(),
});
export const unitSchema = yup.object({ ...base, nameVariants: variants() });
export const wholesalerSchema = yup.object({ ...base });
export const discountGroupSchema = yup.object({
  ...base,
  nameVariants: variants(),
  percent: amount().max(100, V.max).required(V.required),
  manufacturerId: bodyIdSchema,
  wholesalerDiscounts: yup
    .array()
    .typeError(V.type)
    .of(yup.object({ wholesalerId: bodyIdSchema, percent: amount().max(100, V.max).required(V.required) }))
    .max(MAX_WHOLESALER_INFOS, V.max)
    .test('once', V.oneOf, (list) => !list || new Set(list.map((d) => d.wholesalerId)).size === list.length)
    .default([]),
});

export const fieldValueQuerySchema = yup.object({ id: idSchema });
export const fieldValueAllSchema = yup.object({ withAmount: yup.boolean().typeError(V.type).default(false) });
/**
 * GET /<kind>/filter: a page of the kind's items whose display name, abbreviation or a name variant has a word
 * starting with `search` (docs/decisions-catalogue.md "Finding a field value by a variant"), sorted by name;
 * discount groups also by `manufacturerId`.
 */
export const fieldValueFilterSchema = pageRequestSchema(['displayName'] as const, {
  search: yup.string().typeError(V.type).trim().max(100, withLimits(V.maxLength)).optional(),
  manufacturerId: optionalIdSchema,
});

export const fieldValueNameSchema = yup.object({
  name: yup.string().typeError(V.type).trim().max(200, withLimits(V.maxLength)).required(V.required),
  manufacturerId: optionalIdSchema,
});

/** `?<param>=a,b,c`: 1..MAX_IDS_PER_CALL ids. */
export const idListSchema = (param: string) =>
  yup.object({ [param]: commaList(idSchema, MAX_IDS_PER_CALL).required(V.required).min(1, V.min) });

export const manufacturerArticlesSchema = yup.object({ manufacturerId: idSchema });
