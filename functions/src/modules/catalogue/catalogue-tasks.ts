import type { Transaction } from 'firebase-admin/firestore';
import type { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import {
  ARTICLE_REFERENCE,
  COMBINABLE_KINDS,
  FIELD_VALUE_HISTORY_FIELDS,
  type Article,
  type FieldValue,
  type FieldValueKind,
} from '../../model/catalogue.js';
import { diffFields, historyValue, SYSTEM_EDITOR, type Editor } from '../../model/change-history.js';
import { isValidId } from '../../model/id.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { ArticlesService, FieldValueRepos } from './articles.service.js';
import type { ArticlesRepository } from './catalogue.repository.js';
import {
  claimsOf,
  COMBINE_TASK,
  countDeltas,
  DELETE_MANUFACTURER_ARTICLES_TASK,
  diff,
  RENAME_MANUFACTURER_TASK,
  refsOf,
} from './catalogue-keys.js';
import { cleanVariants, NAME_CLAIM, nameClaims } from './catalogue-names.js';

export interface CatalogueTaskDeps {
  articles: ArticlesRepository;
  articleWrites: ArticlesService;
  repos: FieldValueRepos;
  uniqueKeys: UniqueKeysRepository;
  now: Clock;
  log: Logger;
}

/** Articles moved or deleted per chunk: one transaction, its article writes plus one count write per item. */
const CATALOGUE_CHUNK_SIZE = 200;
/**
 * Writes one chunk commits at most (Firestore's and our emulator's limit is 500 per commit): an article's own write
 * plus its claim changes, with room for the count writes. A chunk takes the articles that fit; the rest are the
 * next chunk's (the query finds them again).
 */
export const CHUNK_WRITE_BUDGET = 400;

/** The longest prefix of `items` whose writes (`cost` each) fit into CHUNK_WRITE_BUDGET; at least one item. */
export function withinWriteBudget<T>(items: readonly T[], cost: (item: T) => number): T[] {
  let used = 0;
  let n = 0;
  for (const item of items) {
    used += cost(item);
    if (n > 0 && used > CHUNK_WRITE_BUDGET) break;
    n++;
  }
  return items.slice(0, n);
}

export interface CombineParams {
  kind: FieldValueKind;
  survivorId: string;
  mergedIds: string[];
  /** who asked for the combine (the survivor's history entry; absent on tasks created before the history) */
  by?: Editor;
}

const ids = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.length <= 30 && v.every(isValidId);

/**
 * Combine (docs/decisions-catalogue.md "Combine"): each chunk moves up to CATALOGUE_CHUNK_SIZE articles from the
 * merged items to the survivor, re-reading them in its transaction (a retried chunk finds nothing left to move), and
 * writes one net count change per item. A manufacturer's articles change their manufacturer-number claims to the
 * survivor's scope; a number the survivor's articles hold already stays with them (logged). The last chunk merges
 * the names into the survivor's variants, hands it their claims and deletes the merged items.
 */
export function combineTask(d: CatalogueTaskDeps): TaskKind<CombineParams> {
  const field = (p: CombineParams) => ARTICLE_REFERENCE[p.kind];
  const query = (p: CombineParams, size: number) => d.articles.referencingQuery(field(p), p.mergedIds, size);
  return {
    kind: COMBINE_TASK,
    chunkSize: CATALOGUE_CHUNK_SIZE,
    parse(raw) {
      const p = raw as Partial<CombineParams>;
      if (!COMBINABLE_KINDS.includes(p.kind as never) || !isValidId(p.survivorId) || !ids(p.mergedIds))
        throw new TaskFailure('invalidParams');
      return p as CombineParams;
    },
    count: (p) => d.articles.countReferencing(field(p), p.mergedIds),
    async runChunk({ params: p, size }) {
      const pending = await query(p, size).get();
      if (pending.empty) return { cursor: null, processed: 0, finished: true, commit: (tx) => finishCombine(tx, p) };
      return {
        cursor: null,
        processed: pending.size,
        finished: false,
        async commit(tx) {
          const docs = (await tx.get(query(p, size))).docs.map((s) => s.data());
          const survivor = await d.repos[p.kind].getInTx(tx, p.survivorId);
          if (!survivor) throw new TaskFailure('survivorMissing');
          const all = docs.map((a) => move(a, p, survivor));
          const claimMovesOf = ({ before, after }: (typeof all)[number]) =>
            diff(claimsOf(before).manufacturer, claimsOf(after).manufacturer);
          const moved = withinWriteBudget(all, (m) => {
            const c = claimMovesOf(m);
            return 1 + c.added.length + c.removed.length;
          });
          const claimMoves = moved.map(claimMovesOf);
          const added = [...new Set(claimMoves.flatMap((m) => m.added))];
          const held = await Promise.all(added.map((v) => d.uniqueKeys.getInTx(tx, 'articleManufacturerNumber', v)));
          const holder = new Map(added.map((v, i) => [v, held[i]?.ownerId]));
          const now = d.now();
          moved.forEach(({ after }, i) => {
            for (const v of claimMoves[i]!.removed) d.uniqueKeys.releaseInTx(tx, 'articleManufacturerNumber', v);
            for (const v of claimMoves[i]!.added) {
              const owner = holder.get(v);
              if (owner && owner !== after.id) {
                d.log.warn('combine: manufacturer number already held under the survivor', {
                  value: v,
                  articleId: after.id,
                });
                continue;
              }
              holder.set(v, after.id);
              d.uniqueKeys.claimInTx(tx, { kind: 'articleManufacturerNumber', value: v, ownerId: after.id }, now);
            }
            d.articles.setInTx(tx, { ...after, lastUpdate: now });
          });
          d.articleWrites.applyDeltas(
            tx,
            countDeltas(moved.map((m) => ({ before: refsOf(m.before), after: refsOf(m.after) }))),
          );
        },
      };
    },
  };

  function move(a: Article, p: CombineParams, survivor: FieldValue): { before: Article; after: Article } {
    const merged = new Set(p.mergedIds);
    const after: Article = { ...a };
    if (p.kind === 'manufacturer' && a.manufacturerId && merged.has(a.manufacturerId)) {
      after.manufacturerId = survivor.id;
      after.manufacturerName = survivor.displayName;
    }
    if (p.kind === 'discountGroup' && a.discountGroupId && merged.has(a.discountGroupId))
      after.discountGroupId = survivor.id;
    if (p.kind === 'unit' && a.unitId && merged.has(a.unitId)) after.unitId = survivor.id;
    return { before: a, after };
  }

  async function finishCombine(tx: Transaction, p: CombineParams) {
    const repo = d.repos[p.kind];
    const [survivor, ...merged] = await repo.getManyInTx(tx, [p.survivorId, ...p.mergedIds]);
    if (!survivor) throw new TaskFailure('survivorMissing');
    const gone = merged.filter((m): m is FieldValue => !!m);
    const now = d.now();
    const variants = cleanVariants(survivor.displayName, [
      ...survivor.nameVariants,
      ...gone.flatMap((m) => [m.displayName, ...m.nameVariants]),
    ]);
    const next: FieldValue = {
      ...survivor,
      nameVariants: variants,
      usedByArticleAmount: survivor.usedByArticleAmount + gone.reduce((n, m) => n + m.usedByArticleAmount, 0),
      busyTask: undefined,
      lastUpdate: now,
    };
    for (const m of gone) {
      for (const v of nameClaims(p.kind, m))
        d.uniqueKeys.claimInTx(tx, { kind: NAME_CLAIM[p.kind], value: v, ownerId: survivor.id }, now);
      repo.deleteInTx(tx, m.id);
    }
    repo.setInTx(tx, next);
    // ONE entry on the survivor: the merged items' names and what its own fields gained (docs/decisions-catalogue.md)
    const by = p.by ?? SYSTEM_EDITOR;
    const changes = [
      { field: 'merged', from: null, to: historyValue(gone.map((m) => m.displayName)) },
      ...diffFields(survivor, next, FIELD_VALUE_HISTORY_FIELDS),
    ];
    repo.changeHistory.addInTx(tx, survivor.id, { by: by.uid, byName: by.name, kind: 'merge', changes }, now);
  }
}

export interface DeleteArticlesParams {
  manufacturerId: string;
}

/**
 * `GET /manufacturer/delete/article`: each chunk deletes up to CATALOGUE_CHUNK_SIZE articles of the manufacturer
 * (re-read in its transaction), releases their claims and writes one net count change per field value; the last
 * chunk clears the manufacturer's mark.
 */
export function deleteManufacturerArticlesTask(d: CatalogueTaskDeps): TaskKind<DeleteArticlesParams> {
  const query = (p: DeleteArticlesParams, size: number) =>
    d.articles.referencingQuery('manufacturerId', [p.manufacturerId], size);
  return {
    kind: DELETE_MANUFACTURER_ARTICLES_TASK,
    chunkSize: CATALOGUE_CHUNK_SIZE,
    parse(raw) {
      const p = raw as Partial<DeleteArticlesParams>;
      if (!isValidId(p.manufacturerId)) throw new TaskFailure('invalidParams');
      return p as DeleteArticlesParams;
    },
    async runChunk({ params: p, size }) {
      const pending = await query(p, size).get();
      if (pending.empty)
        return {
          cursor: null,
          processed: 0,
          finished: true,
          async commit(tx) {
            const item = await d.repos.manufacturer.getInTx(tx, p.manufacturerId);
            if (item) d.repos.manufacturer.setInTx(tx, { ...item, deletingArticles: undefined, lastUpdate: d.now() });
          },
        };
      return {
        cursor: null,
        processed: pending.size,
        finished: false,
        async commit(tx) {
          const read = (await tx.get(query(p, size))).docs.map((s) => s.data());
          const docs = withinWriteBudget(read, (a) => {
            const c = claimsOf(a);
            return 1 + c.order.length + c.manufacturer.length;
          });
          for (const a of docs) d.articleWrites.deleteInTx(tx, a);
          d.articleWrites.applyDeltas(tx, countDeltas(docs.map((a) => ({ before: refsOf(a) }))));
        },
      };
    },
  };
}

export interface RenameParams {
  manufacturerId: string;
}

/**
 * A manufacturer's new name onto its articles (their `manufacturerName`, the list's column and sort): each chunk
 * re-reads, in its transaction, the manufacturer's current name and up to CATALOGUE_CHUNK_SIZE articles that carry
 * another one, so a redelivered chunk finds nothing left and a rename made meanwhile is the one applied. The last
 * chunk clears the manufacturer's busy mark (set by the rename, which refuses while one runs).
 */
export function renameManufacturerTask(d: CatalogueTaskDeps): TaskKind<RenameParams> {
  return {
    kind: RENAME_MANUFACTURER_TASK,
    chunkSize: CATALOGUE_CHUNK_SIZE,
    parse(raw) {
      const p = raw as Partial<RenameParams>;
      if (!isValidId(p.manufacturerId)) throw new TaskFailure('invalidParams');
      return p as RenameParams;
    },
    async runChunk({ taskId, params: p, size }) {
      const manufacturer = await d.repos.manufacturer.get(p.manufacturerId);
      if (!manufacturer) throw new TaskFailure('manufacturerMissing');
      const stale = (name: string) => d.articles.staleNameQuery(p.manufacturerId, name, size);
      const pending = await stale(manufacturer.displayName).get();
      if (pending.empty)
        return {
          cursor: null,
          processed: 0,
          finished: true,
          async commit(tx) {
            const item = await d.repos.manufacturer.getInTx(tx, p.manufacturerId);
            if (item?.busyTask === taskId)
              d.repos.manufacturer.setInTx(tx, { ...item, busyTask: undefined, lastUpdate: d.now() });
          },
        };
      return {
        cursor: null,
        processed: pending.size,
        finished: false,
        async commit(tx) {
          const item = await d.repos.manufacturer.getInTx(tx, p.manufacturerId);
          if (!item) throw new TaskFailure('manufacturerMissing');
          const now = d.now();
          for (const s of (await tx.get(stale(item.displayName))).docs)
            d.articles.setInTx(tx, { ...s.data(), manufacturerName: item.displayName, lastUpdate: now });
        },
      };
    },
  };
}
