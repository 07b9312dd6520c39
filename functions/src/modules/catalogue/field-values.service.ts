import type { Transaction } from 'firebase-admin/firestore';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import {
  CATALOGUE_ERRORS,
  FIELD_VALUE_HISTORY_FIELDS,
  nameKey,
  namesOf,
  type FieldValue,
  type FieldValueKind,
} from '../../model/catalogue.js';
import { diffFields, SYSTEM_EDITOR, type Editor, type HistoryEntry } from '../../model/change-history.js';
import type { Clock } from '../../platform/clock.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { Page } from '../../model/paging.js';
import type { FieldValueRepos } from './articles.service.js';
import { withReferenceNames } from './history-names.js';
import type { FieldValuePageQuery } from './catalogue.repository.js';
import { COMBINE_TASK, DELETE_MANUFACTURER_ARTICLES_TASK, diff, RENAME_MANUFACTURER_TASK } from './catalogue-keys.js';
import { cleanVariants, NAME_CLAIM, nameClaims } from './catalogue-names.js';

const E = errorsOf(CATALOGUE_ERRORS);

export type FieldValueInput = Omit<FieldValue, 'id' | 'usedByArticleAmount' | 'createDate' | 'lastUpdate'> & {
  id?: string;
};

export interface FieldValuesDeps {
  repos: FieldValueRepos;
  uniqueKeys: UniqueKeysRepository;
  transaction: RunTransaction;
  tasks: TaskRunner;
  now: Clock;
}

/**
 * The four field-value lists (spec 02 §5 "Field values"; docs/decisions-catalogue.md): names and variants claimed
 * in the write transaction (two parallel saves cannot both take one), delete refused while articles use an item
 * (checked in the delete transaction), combine and the manufacturer's article deletion as background tasks.
 */
export class FieldValuesService {
  constructor(private readonly d: FieldValuesDeps) {}

  async get(kind: FieldValueKind, id: string): Promise<FieldValue> {
    const item = await this.d.repos[kind].get(id);
    if (!item) throw ApiError.notFound();
    return item;
  }

  /** GET /<kind>/history: the item's changes, newest first (404 as GET /<kind> for a missing or merged item). */
  async history(kind: FieldValueKind, id: string, page: number, size: number): Promise<Page<HistoryEntry>> {
    const item = await this.get(kind, id);
    if (item.mergedInto) throw ApiError.notFound();
    const entries = await this.d.repos[kind].changeHistory.page(id, page, size);
    return withReferenceNames(entries, { manufacturerId: 'manufacturer' }, this.d.repos);
  }

  async all(kind: FieldValueKind, withAmount: boolean): Promise<FieldValue[]> {
    const items = (await this.d.repos[kind].all()).filter((i) => !i.mergedInto);
    return withAmount ? items : items.map(({ usedByArticleAmount: _omit, ...rest }) => rest as FieldValue);
  }

  /** GET /<kind>/filter: a page of the items found by name, abbreviation or variant (without the usage count). */
  async page(kind: FieldValueKind, q: FieldValuePageQuery): Promise<Page<FieldValue>> {
    const found = await this.d.repos[kind].page(q);
    return { ...found, content: found.content.map(({ usedByArticleAmount: _omit, ...rest }) => rest as FieldValue) };
  }

  /**
   * The item named `name` (display name or variant). `GET …/name` wants the exact spelling; the article import
   * passes `caseInsensitive` (names are unique case-insensitively, spec 5).
   */
  async byName(
    kind: FieldValueKind,
    name: string,
    manufacturerId?: string,
    opts: { caseInsensitive?: boolean } = {},
  ): Promise<FieldValue | null> {
    const value = kind === 'discountGroup' ? `${manufacturerId ?? '-'}|${nameKey(name)}` : nameKey(name);
    const claim = await this.d.uniqueKeys.get(NAME_CLAIM[kind], value);
    const item = claim && (await this.d.repos[kind].get(claim.ownerId));
    if (!item) return null;
    if (opts.caseInsensitive)
      return !item.mergedInto && namesOf(item).some((n) => nameKey(n) === nameKey(name)) ? item : null;
    return namesOf(item).includes(name.trim()) ? item : null;
  }

  /**
   * A manufacturer renamed while articles use it starts the task that writes the new name onto them (their list
   * column and sort); refused while another such task or a combine runs on it.
   */
  async save(
    kind: FieldValueKind,
    input: FieldValueInput,
    mode: 'create' | 'update',
    by: Editor = SYSTEM_EDITOR,
  ): Promise<FieldValue> {
    const createdBy = by.uid;
    const repo = this.d.repos[kind];
    const id = mode === 'create' ? repo.newId() : input.id!;
    const displayName = input.displayName.trim();
    const next = { ...input, displayName, nameVariants: cleanVariants(displayName, input.nameVariants ?? []) };
    let renameTask: string | undefined;
    const saved = await this.d.transaction(async (tx) => {
      const old = mode === 'update' ? await repo.getInTx(tx, id) : undefined;
      if (mode === 'update' && (!old || old.mergedInto)) throw ApiError.notFound();
      const claims = diff(old ? nameClaims(kind, old) : [], nameClaims(kind, next));
      const found = await Promise.all(claims.added.map((v) => this.d.uniqueKeys.getInTx(tx, NAME_CLAIM[kind], v)));
      const taken = claims.added.filter((_, i) => found[i] && found[i]!.ownerId !== id);
      if (taken.length) throw kind === 'wholesaler' ? E.wholesalerNameTaken({ taken }) : E.nameVariantTaken({ taken });
      await this.checkReferences(tx, kind, next);
      renameTask = undefined;
      if (kind === 'manufacturer' && old && old.displayName !== displayName && old.usedByArticleAmount > 0) {
        if (old.busyTask || old.deletingArticles) throw E.fieldValueBusy();
        renameTask = this.d.tasks.createInTx(tx, {
          kind: RENAME_MANUFACTURER_TASK,
          params: { manufacturerId: id },
          createdBy,
        });
      }
      const now = this.d.now();
      const item: FieldValue = {
        ...next,
        id,
        usedByArticleAmount: old?.usedByArticleAmount ?? 0,
        busyTask: renameTask ?? old?.busyTask,
        deletingArticles: old?.deletingArticles,
        createDate: old?.createDate ?? now,
        lastUpdate: now,
      };
      for (const v of claims.removed) this.d.uniqueKeys.releaseInTx(tx, NAME_CLAIM[kind], v);
      for (const v of claims.added)
        this.d.uniqueKeys.claimInTx(tx, { kind: NAME_CLAIM[kind], value: v, ownerId: id }, now);
      repo.setInTx(tx, item);
      const changes = diffFields(old, item, FIELD_VALUE_HISTORY_FIELDS);
      repo.changeHistory.addInTx(tx, id, { by: by.uid, byName: by.name, kind: mode, changes }, now);
      return item;
    });
    if (renameTask) await this.d.tasks.start(renameTask, { inline: true });
    return saved;
  }

  /** A discount group's manufacturer and wholesalers must exist. */
  private async checkReferences(tx: Transaction, kind: FieldValueKind, item: FieldValueInput) {
    if (kind !== 'discountGroup') return;
    const wholesalerIds = (item.wholesalerDiscounts ?? []).map((w) => w.wholesalerId);
    const [manufacturer, wholesalers] = await Promise.all([
      this.d.repos.manufacturer.getInTx(tx, item.manufacturerId!),
      this.d.repos.wholesaler.getManyInTx(tx, wholesalerIds),
    ]);
    const bad = [
      ...(!manufacturer || manufacturer.mergedInto ? [{ path: 'manufacturerId', key: 'validation.id' }] : []),
      ...(wholesalers.some((w) => !w) ? [{ path: 'wholesalerDiscounts', key: 'validation.id' }] : []),
    ];
    if (bad.length) throw ApiError.badRequest('validation', bad);
  }

  /**
   * GET /<kind>/delete: each item in its own transaction; refused while articles use it (its count, kept by the
   * article writes in their transactions, is read in this one), while it is merging or its articles are deleted.
   */
  async delete(kind: FieldValueKind, ids: readonly string[]) {
    const deleted: string[] = [];
    const notDeleted: string[] = [];
    for (const id of new Set(ids)) {
      const ok = await this.d.transaction(async (tx) => {
        const item = await this.d.repos[kind].getInTx(tx, id);
        if (!item || item.usedByArticleAmount > 0 || item.mergedInto || item.busyTask || item.deletingArticles)
          return false;
        for (const v of nameClaims(kind, item)) this.d.uniqueKeys.releaseInTx(tx, NAME_CLAIM[kind], v);
        this.d.repos[kind].deleteInTx(tx, id);
        return true;
      });
      (ok ? deleted : notDeleted).push(id);
    }
    return { deleted, notDeleted };
  }

  /**
   * GET /<kind>/combine: the first id survives. Marks the others as merging into it and the survivor as busy and
   * creates the combine task in the same transaction; the task moves the articles (one net count change per
   * chunk) and then merges the names. Answers the task id (the work may already be done).
   */
  async combine(kind: FieldValueKind, ids: readonly string[], by: Editor) {
    const createdBy = by.uid;
    const unique = [...new Set(ids)];
    if (unique.length < 2) throw ApiError.badRequest('validation', [{ path: 'ids', key: 'validation.min' }]);
    const [survivorId, ...mergedIds] = unique as [string, ...string[]];
    const taskId = await this.d.transaction(async (tx) => {
      const items = await this.d.repos[kind].getManyInTx(tx, unique);
      if (items.some((i) => !i)) throw ApiError.notFound();
      const all = items as FieldValue[];
      if (all.some((i) => i.mergedInto || i.busyTask || i.deletingArticles)) throw E.fieldValueBusy();
      if (kind === 'discountGroup' && new Set(all.map((i) => i.manufacturerId)).size > 1)
        throw E.combineAcrossManufacturers();
      const task = this.d.tasks.createInTx(tx, {
        kind: COMBINE_TASK,
        params: { kind, survivorId, mergedIds, by },
        createdBy,
      });
      const now = this.d.now();
      this.d.repos[kind].setInTx(tx, { ...all[0]!, busyTask: task, lastUpdate: now });
      for (const item of all.slice(1))
        this.d.repos[kind].setInTx(tx, { ...item, mergedInto: survivorId, lastUpdate: now });
      return task;
    });
    await this.d.tasks.start(taskId, { inline: true });
    return { taskId };
  }

  /** GET /manufacturer/delete/article: marks the manufacturer and starts the task that deletes its articles. */
  async deleteManufacturerArticles(manufacturerId: string, createdBy: string) {
    const taskId = await this.d.transaction(async (tx) => {
      const item = await this.d.repos.manufacturer.getInTx(tx, manufacturerId);
      if (!item || item.mergedInto) throw ApiError.notFound();
      if (item.busyTask || item.deletingArticles) throw E.fieldValueBusy();
      const task = this.d.tasks.createInTx(tx, {
        kind: DELETE_MANUFACTURER_ARTICLES_TASK,
        params: { manufacturerId },
        createdBy,
      });
      this.d.repos.manufacturer.setInTx(tx, { ...item, deletingArticles: task, lastUpdate: this.d.now() });
      return task;
    });
    await this.d.tasks.start(taskId, { inline: true });
    return { taskId };
  }
}
