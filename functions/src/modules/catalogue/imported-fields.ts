import { ValidationError } from 'yup';
import type { ArticleInput, WholesalerInfo } from '../../model/catalogue.js';
import { articleSchema } from '../../model/catalogue-schemas.js';
import { VALIDATION_KEYS } from '../../model/validation.js';

/** The fields an imported row sets (an existing article keeps the ones it leaves out). */
export type ImportedFields = Partial<Omit<ArticleInput, 'id' | 'articleImportSource' | 'wholesalerInfos'>>;

/** A field the API's article rules refuse: the import field and the rule's message (`validation.maxLength?max=100`). */
interface FieldProblem {
  field: string;
  message: string;
}

export type CheckedFields =
  { ok: true; fields: ImportedFields; wholesalerInfo?: WholesalerInfo } | { ok: false; problems: FieldProblem[] };

/** The import field a schema path is about: `possibleOrderNumbers[3]` → the list, a wholesaler entry's fields by name. */
function fieldOf(path: string | undefined): string {
  if (!path) return '';
  if (path.startsWith('wholesalerInfos'))
    return path.endsWith('purchasePrice') ? 'wholesalerPurchasePrice' : 'wholesalerOrderNumber';
  return path.replace(/\[.*$/, '').replace(/\..*$/, '');
}

/**
 * The API's article rules for an imported row (docs/decisions-imports.md "The article rules"): the fields the row
 * sets, with its wholesaler entry, validated with `articleSchema` — the schema `POST /article` validates with — so the
 * import stores nothing the article's editor could not save again (lengths, control and bidi characters, http(s)
 * links, amounts with two decimals, at most 50 alternatives). Answers the schema's values of exactly the fields the row
 * sets (trimmed as the API stores them; the schema's defaults are left out, they would overwrite the article's values),
 * or one problem per refused field.
 */
export function checkImportedFields(fields: ImportedFields, wholesalerInfo?: WholesalerInfo): CheckedFields {
  const input = { ...fields, ...(wholesalerInfo ? { wholesalerInfos: [wholesalerInfo] } : {}) };
  let value: Record<string, unknown> & { wholesalerInfos?: WholesalerInfo[] };
  try {
    value = articleSchema.validateSync(input, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof ValidationError))
      return { ok: false, problems: [{ field: '', message: VALIDATION_KEYS.type }] };
    const problems = new Map<string, string>();
    for (const e of error.inner.length ? error.inner : [error]) {
      const field = fieldOf(e.path);
      if (!problems.has(field)) problems.set(field, String(e.errors[0] ?? e.message));
    }
    return { ok: false, problems: [...problems].map(([field, message]) => ({ field, message })) };
  }
  const checked = Object.fromEntries(
    Object.keys(fields)
      .filter((k) => value[k] !== undefined)
      .map((k) => [k, value[k]]),
  ) as ImportedFields;
  const info = wholesalerInfo ? value.wholesalerInfos?.[0] : undefined;
  return {
    ok: true,
    fields: checked,
    ...(info ? { wholesalerInfo: Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) } : {}),
  } as CheckedFields;
}
