import type { Transaction } from 'firebase-admin/firestore';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { type UniqueKeysRepository, type UniqueKind } from '../../data/unique-keys.repository.js';
import { withReferenceNames } from './history-names.js';
import { diffFields, type Editor, type HistoryEntry } from '../../model/change-history.js';
import type { Page } from '../../model/paging.js';
import {
  ARTICLE_HISTORY_FIELDS,
  CATALOGUE_ERRORS,
  type Article,
  type ArticleInput,
  type FieldValue,
  type FieldValueKind,
  type ImportSource,
} from '../../model/catalogue.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { Clock } from '../../platform/clock.js';
import { BulkArticleImport, type BulkArticleRow, type BulkOutcome, type ImportRun } from './article-import.js';
import { type ArticlesRepository, type FieldValuesRepository, partKey } from './catalogue.repository.js';
import {
  claimsOf,
  countDeltas,
  diff,
  manufacturerScoped,
  refsOf,
  splitRef,
  withoutRepeatedAlternatives,
  type ArticleClaims,
  type Ref,
} from './catalogue-keys.js';

const E = errorsOf(CATALOGUE_ERRORS);

export type FieldValueRepos = Record<FieldValueKind, FieldValuesRepository>;

export interface ArticlesDeps {
  articles: ArticlesRepository;
  fieldValues: FieldValueRepos;
  uniqueKeys: UniqueKeysRepository;
  transaction: RunTransaction;
  now: Clock;
}

const CLAIM_KINDS: Record<keyof ArticleClaims, UniqueKind> = {
  order: 'articleOrderNumber',
  manufacturer: 'articleManufacturerNumber',
};

/** The article field a reference is checked on (its 400 detail path). */
const REF_PATH: Record<FieldValueKind, string> = {
  manufacturer: 'manufacturerId',
  discountGroup: 'discountGroupId',
  unit: 'unitId',
  wholesaler: 'wholesalerInfos',
};

/** Spec 5: an order number, or a manufacturer number together with a manufacturer. */
export function hasRequiredNumbers(a: Pick<Article, 'orderNumber' | 'manufacturerNumber' | 'manufacturerId'>): boolean {
  return !!partKey(a.orderNumber) || (!!partKey(a.manufacturerNumber) && !!a.manufacturerId);
}

/**
 * Article writes (docs/decisions-catalogue.md): one transaction reads the article, its number claims and every
 * field value it references, refuses a taken number (create 406, update 409), an unknown or merging field value
 * (400 with the field), and writes the article, the claim changes and the net `usedByArticleAmount` changes.
 */
export class ArticlesService {
  private readonly e = E;
  constructor(private readonly d: ArticlesDeps) {}

  async get(id: string): Promise<Article> {
    const article = await this.d.articles.get(id);
    if (!article) throw ApiError.notFound();
    return article;
  }

  create(input: ArticleInput, by: Editor): Promise<Article> {
    return this.save(input, 'create', by);
  }

  update(input: ArticleInput & { id: string }, by: Editor): Promise<Article> {
    return this.save(input, 'update', by);
  }

  /** GET /article/history: the article's changes, newest first (404 as GET /article when it does not exist). */
  async history(id: string, page: number, size: number): Promise<Page<HistoryEntry>> {
    await this.get(id);
    const entries = await this.d.articles.changeHistory.page(id, page, size);
    return withReferenceNames(
      entries,
      { discountGroupId: 'discountGroup', unitId: 'unit', wholesalerInfos: 'wholesaler' },
      this.d.fieldValues,
    );
  }

  /** Save's writes: the article and ONE history entry of what changed, in the save's transaction. */
  private async save(input: ArticleInput, mode: 'create' | 'update', by: Editor): Promise<Article> {
    if (!hasRequiredNumbers(input)) throw this.e.articleMissingValues();
    const id = mode === 'create' ? this.d.articles.newId() : input.id!;
    const cleaned = {
      ...input,
      possibleOrderNumbers: withoutRepeatedAlternatives(input.orderNumber, input.possibleOrderNumbers),
      possibleManufacturerNumbers: withoutRepeatedAlternatives(
        input.manufacturerNumber,
        input.possibleManufacturerNumbers,
      ),
    };
    return this.d.transaction(async (tx) => {
      const old = mode === 'update' ? await this.d.articles.getInTx(tx, id) : undefined;
      if (mode === 'update' && !old) throw ApiError.notFound();
      const before = old ? claimsOf(old) : { order: [], manufacturer: [] };
      const after = claimsOf(cleaned);
      const changes = {
        order: diff(before.order, after.order),
        manufacturer: diff(before.manufacturer, after.manufacturer),
      };
      const taken = await this.takenClaims(tx, changes.order.added, changes.manufacturer.added, id);
      if (taken.length)
        throw mode === 'create' ? this.e.articleCreateConflict({ taken }) : this.e.articleUpdateConflict({ taken });
      const refsBefore = refsOf(old);
      const refsAfter = refsOf(cleaned);
      const items = await this.readRefs(
        tx,
        diff(refsBefore, refsAfter).added.concat(
          cleaned.manufacturerId ? [`manufacturer:${cleaned.manufacturerId}` as Ref] : [],
        ),
      );
      const manufacturer = cleaned.manufacturerId ? items.get(`manufacturer:${cleaned.manufacturerId}`) : undefined;
      const now = this.d.now();
      const article: Article = {
        ...(cleaned as Omit<Article, 'id' | 'createDate' | 'lastUpdate'>),
        id,
        manufacturerName: manufacturer?.displayName,
        createDate: old?.createDate ?? now,
        lastUpdate: now,
      };
      if (!article.manufacturerId) delete article.manufacturerName;
      this.writeClaims(tx, changes, id, now);
      this.d.articles.setInTx(tx, article);
      this.d.articles.changeHistory.addInTx(
        tx,
        id,
        { by: by.uid, byName: by.name, kind: mode, changes: diffFields(old, article, ARTICLE_HISTORY_FIELDS) },
        now,
      );
      this.applyDeltas(tx, countDeltas([{ before: refsBefore, after: refsAfter }]));
      return article;
    });
  }

  /**
   * The article import's chunk (article-import.ts): creates or updates the rows' articles inside the caller's
   * transaction (the task chunk's commit), with their claims and the chunk's net counts. Rows that break a rule
   * are answered as errors, the others written.
   */
  importInTx(
    tx: Transaction,
    rows: readonly BulkArticleRow[],
    run: ImportRun,
    source: ImportSource = 'CSV',
  ): Promise<BulkOutcome> {
    return new BulkArticleImport(this.d, tx, this.d.now(), source, run).run(rows);
  }

  /** How many articles the export's query reads (before its source and price filter). */
  async exportCount(manufacturerIds: readonly string[]): Promise<number> {
    return (await this.d.articles.exportQuery(manufacturerIds).count().get()).data().count;
  }

  /** One page of the export's query after the article `afterId` (document-id order). */
  async exportPage(manufacturerIds: readonly string[], afterId: string | undefined, limit: number): Promise<Article[]> {
    let q = this.d.articles.exportQuery(manufacturerIds);
    if (afterId) q = q.startAfter(afterId);
    return (await q.limit(limit).get()).docs.map((d) => d.data());
  }

  /** POST /article/delete: releases the claims and lowers the counts in the delete transaction. */
  async delete(id: string): Promise<void> {
    await this.d.transaction(async (tx) => {
      const old = await this.d.articles.getInTx(tx, id);
      if (!old) throw ApiError.notFound();
      this.deleteInTx(tx, old);
      this.applyDeltas(tx, countDeltas([{ before: refsOf(old) }]));
    });
  }

  /** Deletes an article and its claims; the caller applies the count deltas (one per chunk in bulk paths). */
  deleteInTx(tx: Transaction, article: Article): void {
    const claims = claimsOf(article);
    for (const key of claims.order) this.d.uniqueKeys.releaseInTx(tx, 'articleOrderNumber', key);
    for (const key of claims.manufacturer) this.d.uniqueKeys.releaseInTx(tx, 'articleManufacturerNumber', key);
    this.d.articles.deleteInTx(tx, article.id);
  }

  /**
   * POST /article/replace: who owns the order number or the manufacturer number (of the manufacturer), other than
   * `matchId` — the alternatives panel's "is this number taken" check. Answers the owning article or null.
   */
  async replaceCheck(q: {
    manufacturerId?: string;
    manufacturerNumber?: string;
    orderNumber?: string;
    matchId?: string;
  }) {
    const lookups: Array<[UniqueKind, string]> = [];
    if (partKey(q.orderNumber)) lookups.push(['articleOrderNumber', partKey(q.orderNumber)]);
    if (partKey(q.manufacturerNumber))
      lookups.push(['articleManufacturerNumber', manufacturerScoped(q.manufacturerId, partKey(q.manufacturerNumber))]);
    for (const [kind, value] of lookups) {
      const claim = await this.d.uniqueKeys.get(kind, value);
      if (claim && claim.ownerId !== q.matchId) return (await this.d.articles.get(claim.ownerId)) ?? null;
    }
    return null;
  }

  /** Reads the claims an article is about to take; answers the keys another article holds. */
  private async takenClaims(tx: Transaction, order: string[], manufacturer: string[], ownerId: string) {
    const reads = [
      ...order.map((v) => ['articleOrderNumber', v] as const),
      ...manufacturer.map((v) => ['articleManufacturerNumber', v] as const),
    ];
    const claims = await Promise.all(reads.map(([kind, v]) => this.d.uniqueKeys.getInTx(tx, kind, v)));
    return reads
      .filter((_, i) => claims[i] && claims[i]!.ownerId !== ownerId)
      .map(([kind, value]) => ({ kind, value }));
  }

  private writeClaims(
    tx: Transaction,
    changes: Record<keyof ArticleClaims, { added: string[]; removed: string[] }>,
    ownerId: string,
    now: Date,
  ) {
    for (const part of ['order', 'manufacturer'] as const) {
      const kind = CLAIM_KINDS[part];
      for (const value of changes[part].removed) this.d.uniqueKeys.releaseInTx(tx, kind, value);
      for (const value of changes[part].added) this.d.uniqueKeys.claimInTx(tx, { kind, value, ownerId }, now);
    }
  }

  /** Reads the field values an article starts to reference: each must exist and not be merging or emptying. */
  private async readRefs(tx: Transaction, refs: readonly Ref[]): Promise<Map<Ref, FieldValue>> {
    const unique = [...new Set(refs)];
    const items = await Promise.all(
      unique.map((ref) => {
        const { kind, id } = splitRef(ref);
        return this.d.fieldValues[kind].getInTx(tx, id);
      }),
    );
    const bad = unique.filter((_, i) => !items[i] || items[i]!.mergedInto || items[i]!.deletingArticles);
    if (bad.length)
      throw ApiError.badRequest(
        'validation',
        bad.map((ref) => ({ path: REF_PATH[splitRef(ref).kind], key: 'validation.id' })),
      );
    return new Map(unique.map((ref, i) => [ref, items[i]!]));
  }

  /** One increment per field value (never one write per article). */
  applyDeltas(tx: Transaction, deltas: Map<Ref, number>): void {
    for (const [ref, n] of deltas) {
      const { kind, id } = splitRef(ref);
      this.d.fieldValues[kind].adjustInTx(tx, id, n);
    }
  }
}
