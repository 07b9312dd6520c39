import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import { idSchema } from './id.js';
import { pageRequestSchema } from './paging.js';
import type { Principal } from './user.js';
import { line, multiline, VALIDATION_KEYS as V } from './validation.js';

/** The __Label__ area's own error codes (German texts: `errors` of the web's `__kebab__` namespace). */
export const __UPPER___ERRORS = defineErrors({
  /** another record already has this title */
  __camel__TitleTaken: 409,
});

/** One record of the __Label__ area (`__camel__/{id}`); dates are `createDate`/`lastUpdate` (revived by the web). */
export interface __Pascal__Record {
  id: string;
  title: string;
  note: string;
  /** the user who created it */
  createdBy: string;
  createDate: Date;
  lastUpdate: Date;
}

const __UPPER___TITLE_MAX = 200;
const __UPPER___NOTE_MAX = 2000;

/** What a record is created from (the service's `create`; the seed and the tests use it). */
export const __camel__InputSchema = yup.object({
  title: line(__UPPER___TITLE_MAX).required(V.required),
  note: multiline(__UPPER___NOTE_MAX).default(''),
});
export type __Pascal__Input = yup.InferType<typeof __camel__InputSchema>;

/** Sortable columns of GET /__kebab__/filter (each backed by an index: the area's page shape). */
export const __UPPER___SORT_COLUMNS = ['title', 'createDate', 'lastUpdate'] as const;
export type __Pascal__SortColumn = (typeof __UPPER___SORT_COLUMNS)[number];

/** GET /__kebab__/filter query: the paging contract plus the free-text `search`. */
export const __camel__FilterSchema = pageRequestSchema(__UPPER___SORT_COLUMNS, {
  search: yup.string().typeError(V.type).trim(V.type).max(100, V.maxLength).optional(),
});
export type __Pascal__Filter = yup.InferType<typeof __camel__FilterSchema>;

/** GET /__kebab__/?id= query. */
export const __camel__IdQuerySchema = yup.object({ id: idSchema });

/**
 * The record rule (the server checks it with `authorizeRecord`, the web may use it to show or hide): who may know a
 * record exists. The area is the platform administrators' (the routes' guard); a record hidden from a caller answers
 * 404, the same as an unknown id.
 */
export function canSee__Pascal__(caller: Pick<Principal, 'platformAdmin'>, _record: __Pascal__Record): boolean {
  return caller.platformAdmin;
}
