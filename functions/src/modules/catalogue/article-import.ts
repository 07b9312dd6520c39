import type { Transaction } from 'firebase-admin/firestore';
import type { UniqueKeysRepository, UniqueKind } from '../../data/unique-keys.repository.js';
import { diffFields, type Editor } from '../../model/change-history.js';
import type { Article, FieldValue, ImportSource, WholesalerInfo } from '../../model/catalogue.js';
import { ARTICLE_HISTORY_FIELDS, MAX_WHOLESALER_INFOS } from '../../model/catalogue.js';
import type { ArticlesRepository } from './catalogue.repository.js';
import { partKey } from './catalogue.repository.js';
import {
  claimsOf,
  countDeltas,
  diff,
  manufacturerScoped,
  refsOf,
  splitRef,
  withoutRepeatedAlternatives,
  type Ref,
} from './catalogue-keys.js';
import type { FieldValueRepos } from './articles.service.js';
import { checkImportedFields, type ImportedFields } from './imported-fields.js';

/** One row of a bulk import: the fields it sets (an existing article keeps the fields the row leaves out). */
export interface BulkArticleRow {
  rowNumber: number;
  fields: ImportedFields;
  /** the configuration's wholesaler: replaces that wholesaler's entry of the article */
  wholesalerInfo?: WholesalerInfo;
  /** the row only updates an existing article (a price update): no article is created for an unknown number */
  updateOnly?: boolean;
}

/**
 * Why a row was not written: `numberTaken` (by another article), `unknownReference`, `missingValues`,
 * `unknownArticle` (an update-only row for a number no article has), `invalidValue` (the API's article rules refuse
 * the field: `message` is the rule's validation key, e.g. `validation.maxLength?max=100`).
 */
export interface BulkRowError {
  row: number;
  /** the article field the reason is about ('' for the whole row) */
  column: string;
  reason: 'numberTaken' | 'unknownReference' | 'missingValues' | 'unknownArticle' | 'invalidValue';
  message?: string;
}

export interface BulkOutcome {
  created: number;
  updated: number;
  errors: BulkRowError[];
  /**
   * Rows handled (written or refused), from the start: fewer than given when the next row's writes would pass the
   * write budget (Firestore takes 500 writes per commit); the caller hands the rest to its next chunk.
   */
  consumed: number;
}

/** Who runs the import and from which file: each changed article's history entry names them. */
export interface ImportRun {
  by: Editor;
  fileName: string;
}

/** Writes one bulk call may make (articles, claims, counts), leaving room for the caller's own in the same commit. */
const BULK_WRITE_BUDGET = 480;

const CLAIM_KIND = { order: 'articleOrderNumber', manufacturer: 'articleManufacturerNumber' } as const;
const REF_FIELD = {
  manufacturer: 'manufacturerName',
  discountGroup: 'discountGroupId',
  unit: 'unitId',
  wholesaler: 'wholesalerId',
} as const;

type ClaimKey = `${UniqueKind}:${string}`;

/** The row with the fields as the API's article schema stores them, or why the schema refuses it. */
function checkedRow(row: BulkArticleRow): BulkArticleRow | BulkRowError[] {
  const checked = checkImportedFields(row.fields, row.wholesalerInfo);
  if (!checked.ok)
    return checked.problems.map((p) => ({
      row: row.rowNumber,
      column: p.field,
      reason: 'invalidValue',
      message: p.message,
    }));
  const { wholesalerInfo: _given, ...rest } = row;
  return {
    ...rest,
    fields: checked.fields,
    ...(checked.wholesalerInfo ? { wholesalerInfo: checked.wholesalerInfo } : {}),
  };
}
const claimKey = (kind: UniqueKind, value: string) => `${kind}:${value}` as ClaimKey;

/**
 * The catalogue's bulk write for the article import (docs/decisions-imports.md "Article import and export"):
 * rows create or update articles by order number (or, without one, by manufacturer number of the manufacturer),
 * inside ONE transaction — the import chunk's commit — so each row's uniqueness claims and the chunk's NET
 * `usedByArticleAmount` deltas are written exactly when the chunk's cursor moves: a retried or duplicated delivery
 * doubles nothing. All reads come first (prefetched in bulk, then lazily for keys a earlier row of the chunk
 * changed), every write at the end. The same rules as a single save: a number claimed by another article refuses
 * the row, a reference to a missing, merging or emptying field value refuses it.
 */
export class BulkArticleImport {
  private readonly claims = new Map<ClaimKey, string | undefined>();
  private readonly articles = new Map<string, Article | undefined>();
  private readonly original = new Map<string, Article | undefined>();
  private readonly values = new Map<Ref, FieldValue | undefined>();
  private readonly touched = new Set<string>();

  constructor(
    private readonly d: {
      articles: ArticlesRepository;
      fieldValues: FieldValueRepos;
      uniqueKeys: UniqueKeysRepository;
    },
    private readonly tx: Transaction,
    private readonly now: Date,
    private readonly source: ImportSource,
    private readonly importRun: ImportRun,
  ) {}

  async run(given: readonly BulkArticleRow[]): Promise<BulkOutcome> {
    const out: BulkOutcome = { created: 0, updated: 0, errors: [], consumed: 0 };
    // the API's article rules first: a refused row is reported and never read for or written
    const rows = given.map((row) => checkedRow(row));
    await this.prefetch(rows.filter((r): r is BulkArticleRow => !Array.isArray(r)));
    for (const row of rows) {
      if (Array.isArray(row)) {
        out.errors.push(...row);
        out.consumed++;
        continue;
      }
      const result = await this.apply(row, out.consumed === 0);
      if (result === 'overBudget') break;
      if (typeof result === 'string') out[result]++;
      else out.errors.push(result);
      out.consumed++;
    }
    this.write();
    return out;
  }

  private lookupKey(
    fields: Pick<BulkArticleRow['fields'], 'orderNumber' | 'manufacturerNumber' | 'manufacturerId'>,
  ): ClaimKey | undefined {
    const order = partKey(fields.orderNumber);
    if (order) return claimKey('articleOrderNumber', order);
    const mfr = partKey(fields.manufacturerNumber);
    if (mfr && fields.manufacturerId)
      return claimKey('articleManufacturerNumber', manufacturerScoped(fields.manufacturerId, mfr));
    return undefined;
  }

  private async readClaims(keys: Iterable<ClaimKey>): Promise<void> {
    const missing = [...new Set(keys)].filter((k) => !this.claims.has(k));
    const parsed = missing.map((k) => {
      const at = k.indexOf(':');
      return { kind: k.slice(0, at) as UniqueKind, value: k.slice(at + 1) };
    });
    const found = await this.d.uniqueKeys.getManyInTx(this.tx, parsed);
    missing.forEach((k, i) => this.claims.set(k, found[i]?.ownerId));
  }

  private async readArticles(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.articles.has(id));
    const found = await this.d.articles.getManyInTx(this.tx, missing);
    missing.forEach((id, i) => {
      this.articles.set(id, found[i]);
      this.original.set(id, found[i]);
    });
  }

  private async readValues(refs: Iterable<Ref>): Promise<void> {
    const missing = [...new Set(refs)].filter((r) => !this.values.has(r));
    const byKind = new Map<string, Ref[]>();
    for (const ref of missing) {
      const { kind } = splitRef(ref);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ref]);
    }
    await Promise.all(
      [...byKind].map(async ([, refs]) => {
        const { kind } = splitRef(refs[0]!);
        const found = await this.d.fieldValues[kind].getManyInTx(
          this.tx,
          refs.map((r) => splitRef(r).id),
        );
        refs.forEach((r, i) => this.values.set(r, found[i]));
      }),
    );
  }

  /** Bulk reads: the rows' lookup claims, the articles owning them, then every claim and reference they will need. */
  private async prefetch(rows: readonly BulkArticleRow[]): Promise<void> {
    await this.readClaims(rows.map((r) => this.lookupKey(r.fields)).filter((k): k is ClaimKey => !!k));
    await this.readArticles(
      rows
        .map((r) => this.lookupKey(r.fields))
        .map((k) => (k ? this.claims.get(k) : undefined))
        .filter((id): id is string => !!id),
    );
    const claimKeys: ClaimKey[] = [];
    const refs: Ref[] = [];
    for (const row of rows) {
      const key = this.lookupKey(row.fields);
      const id = key ? this.claims.get(key) : undefined;
      const merged = this.merge(id ? this.articles.get(id) : undefined, row, id ?? '');
      claimKeys.push(...this.claimKeysOf(merged));
      refs.push(...refsOf(merged));
    }
    await Promise.all([this.readClaims(claimKeys), this.readValues(refs)]);
  }

  private claimKeysOf(a: Article): ClaimKey[] {
    const c = claimsOf(a);
    return [
      ...c.order.map((v) => claimKey(CLAIM_KIND.order, v)),
      ...c.manufacturer.map((v) => claimKey(CLAIM_KIND.manufacturer, v)),
    ];
  }

  private merge(base: Article | undefined, row: BulkArticleRow, id: string): Article {
    const defined = Object.fromEntries(Object.entries(row.fields).filter(([, v]) => v !== undefined));
    const merged: Article = {
      possibleOrderNumbers: [],
      possibleManufacturerNumbers: [],
      wholesalerInfos: [],
      ...base,
      ...defined,
      id,
      articleImportSource: this.source,
      createDate: base?.createDate ?? this.now,
      lastUpdate: this.now,
    } as Article;
    merged.possibleOrderNumbers = withoutRepeatedAlternatives(merged.orderNumber, merged.possibleOrderNumbers);
    merged.possibleManufacturerNumbers = withoutRepeatedAlternatives(
      merged.manufacturerNumber,
      merged.possibleManufacturerNumbers,
    );
    if (row.wholesalerInfo) {
      const others = merged.wholesalerInfos.filter((w) => w.wholesalerId !== row.wholesalerInfo!.wholesalerId);
      merged.wholesalerInfos = [...others, row.wholesalerInfo].slice(-MAX_WHOLESALER_INFOS);
    }
    return merged;
  }

  /** Writes the rows applied so far will make at most (article sets, claim changes, count increments). */
  private writes = 0;
  private readonly countedRefs = new Set<Ref>();

  private async apply(
    row: BulkArticleRow,
    first: boolean,
  ): Promise<'created' | 'updated' | 'overBudget' | BulkRowError> {
    const key = this.lookupKey(row.fields);
    if (!key) return { row: row.rowNumber, column: 'orderNumber', reason: 'missingValues' };
    await this.readClaims([key]);
    const owner = this.claims.get(key);
    if (owner) {
      await this.readArticles([owner]);
      // only the article whose MAIN number it is gets updated; another article's alternative refuses the row
      const held = this.articles.get(owner);
      if (held && this.lookupKey(held) !== key)
        return {
          row: row.rowNumber,
          column: key.startsWith(CLAIM_KIND.order) ? 'orderNumber' : 'manufacturerNumber',
          reason: 'numberTaken',
        };
    }
    if (!owner && row.updateOnly)
      return {
        row: row.rowNumber,
        column: key.startsWith(CLAIM_KIND.order) ? 'orderNumber' : 'manufacturerNumber',
        reason: 'unknownArticle',
      };
    const id = owner ?? this.d.articles.newId();
    const base = owner ? this.articles.get(owner) : undefined;
    const merged = this.merge(base, row, id);
    const newRefs = diff(refsOf(base), refsOf(merged)).added;
    await this.readValues(newRefs);
    const bad = newRefs.find((ref) => {
      const v = this.values.get(ref);
      return !v || v.mergedInto || v.deletingArticles;
    });
    if (bad) return { row: row.rowNumber, column: REF_FIELD[splitRef(bad).kind], reason: 'unknownReference' };
    const before = base ? this.claimKeysOf(base) : [];
    const after = this.claimKeysOf(merged);
    const { added, removed } = diff(before, after);
    await this.readClaims(added);
    const taken = added.find((k) => {
      const owner = this.claims.get(k);
      return owner && owner !== id;
    });
    if (taken)
      return {
        row: row.rowNumber,
        column: taken.startsWith(CLAIM_KIND.order) ? 'orderNumber' : 'manufacturerNumber',
        reason: 'numberTaken',
      };
    const refs = [...refsOf(base), ...refsOf(merged)].filter((r) => !this.countedRefs.has(r));
    // a newly touched article: its own write and its one history entry
    const cost = (this.touched.has(id) ? 0 : 2) + added.length + removed.length + new Set(refs).size;
    if (!first && this.writes + cost > BULK_WRITE_BUDGET) return 'overBudget';
    this.writes += cost;
    for (const r of refs) this.countedRefs.add(r);
    for (const k of removed) this.claims.set(k, undefined);
    for (const k of added) this.claims.set(k, id);
    const manufacturer = merged.manufacturerId ? this.values.get(`manufacturer:${merged.manufacturerId}`) : undefined;
    if (manufacturer) merged.manufacturerName = manufacturer.displayName;
    else delete merged.manufacturerName;
    if (!this.original.has(id)) this.original.set(id, undefined);
    this.articles.set(id, merged);
    this.touched.add(id);
    return base ? 'updated' : 'created';
  }

  /**
   * Releases, then claims, the articles, and one increment per field value for the whole chunk; each article the
   * chunk changed gets ONE history entry `import` with its fields from → to (docs/decisions-catalogue.md "History").
   */
  private write(): void {
    const changes = [...this.touched].map((id) => {
      const a = this.articles.get(id)!;
      const orig = this.original.get(id);
      return { id, a, orig, claims: diff(orig ? this.claimKeysOf(orig) : [], this.claimKeysOf(a)) };
    });
    const split = (k: ClaimKey) => {
      const at = k.indexOf(':');
      return { kind: k.slice(0, at) as UniqueKind, value: k.slice(at + 1) };
    };
    const claimedNow = new Set(changes.flatMap((c) => c.claims.added));
    for (const c of changes)
      for (const k of c.claims.removed)
        if (!claimedNow.has(k)) {
          const { kind, value } = split(k);
          this.d.uniqueKeys.releaseInTx(this.tx, kind, value);
        }
    for (const c of changes) {
      for (const k of c.claims.added) this.d.uniqueKeys.claimInTx(this.tx, { ...split(k), ownerId: c.id }, this.now);
      this.d.articles.setInTx(this.tx, c.a);
      // an article the import creates: the entry names the import, its values are the article's own (a field list
      // per new row would double the chunk's bytes); an updated one: its changed fields from → to
      const { by, fileName } = this.importRun;
      const fields = c.orig ? diffFields(c.orig, c.a, ARTICLE_HISTORY_FIELDS) : [];
      const kind = c.orig ? 'import' : 'create';
      this.d.articles.changeHistory.addInTx(
        this.tx,
        c.id,
        { by: by.uid, byName: by.name, kind, changes: fields, fileName },
        this.now,
      );
    }
    const deltas = countDeltas(changes.map((c) => ({ before: refsOf(c.orig), after: refsOf(c.a) })));
    for (const [ref, n] of deltas) {
      const { kind, id } = splitRef(ref);
      this.d.fieldValues[kind].adjustInTx(this.tx, id, n);
    }
  }
}
