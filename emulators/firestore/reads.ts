// Document reads: BatchGetDocuments, ListDocuments, ListCollectionIds and GetDocument.
import { invalid, notFound } from './errors.js';
import { parseFieldPath } from './field-paths.js';
import { checkParent, type Engine, type ReadSelector } from './service.js';
import { checkDocName, dbRoot } from './store.js';
import { compareStrings } from './values.js';
import { docToProto, toTimestamp } from './wire.js';

export async function batchGet(
  engine: Engine,
  req: { database: string; documents?: string[]; mask?: { fieldPaths?: string[] } } & ReadSelector,
  write: (m: object) => void,
) {
  const root = req.database + '/documents';
  const names = req.documents ?? [];
  for (const n of names) {
    checkDocName(n);
    if (dbRoot(n) !== root) throw invalid(`Document "${n}" is not in database "${req.database}".`);
  }
  const mask = req.mask ? (req.mask.fieldPaths ?? []).map(parseFieldPath) : undefined;
  await engine.withRead(req, root, async (ctx) => {
    if (ctx.tx && !ctx.tx.readOnly) await engine.locks.acquireAll(ctx.tx.owner, names);
    const readTime = toTimestamp(ctx.readTime ?? engine.clock.readNow());
    const out = names.map((name, i) => {
      const doc = engine.store.getAt(name, ctx.readTime);
      const m: Record<string, unknown> = doc ? { found: docToProto(doc, mask) } : { missing: name };
      m.readTime = readTime;
      if (i === 0 && ctx.newTx) m.transaction = ctx.newTx.id;
      return m;
    });
    if (out.length === 0 && ctx.newTx) out.push({ transaction: ctx.newTx.id, readTime });
    engine.ops.reads += names.length;
    out.forEach(write);
  });
}

export async function listDocuments(
  engine: Engine,
  req: {
    parent: string;
    collectionId?: string;
    pageSize?: number;
    pageToken?: string;
    mask?: { fieldPaths?: string[] };
    showMissing?: boolean;
  } & ReadSelector,
) {
  const root = checkParent(req.parent);
  if (!req.collectionId) throw invalid('collectionId is required.');
  const coll = `${req.parent}/${req.collectionId}`;
  const mask = req.mask ? (req.mask.fieldPaths ?? []).map(parseFieldPath) : undefined;
  return engine.withRead(req, root, async (ctx) => {
    const entries: { id: string; doc?: object }[] = [];
    for (const d of engine.store.scanCollection(coll, ctx.readTime))
      entries.push({ id: d.name.slice(coll.length + 1), doc: docToProto(d, mask) });
    if (req.showMissing) for (const id of engine.store.missingParentsIn(coll)) entries.push({ id });
    entries.sort((a, b) => compareStrings(a.id, b.id));
    const after = req.pageToken ? Buffer.from(req.pageToken, 'base64').toString('utf8') : undefined;
    const start = after === undefined ? 0 : entries.findIndex((e) => compareStrings(e.id, after) > 0);
    const size = req.pageSize && req.pageSize > 0 ? req.pageSize : 300;
    const page = start < 0 ? [] : entries.slice(start, start + size);
    const more = start >= 0 && start + size < entries.length;
    return {
      documents: page.map((e) => e.doc ?? { name: `${coll}/${e.id}` }),
      nextPageToken: more ? Buffer.from(page[page.length - 1]!.id).toString('base64') : '',
    };
  });
}

export function listCollectionIds(engine: Engine, req: { parent: string; pageSize?: number; pageToken?: string }) {
  checkParent(req.parent);
  const ids = engine.store.collectionIdsUnder(req.parent).sort(compareStrings);
  const start = req.pageToken ? ids.findIndex((id) => compareStrings(id, req.pageToken!) > 0) : 0;
  const size = req.pageSize && req.pageSize > 0 ? req.pageSize : 1000;
  const page = start < 0 ? [] : ids.slice(start, start + size);
  const more = start >= 0 && start + size < ids.length;
  return { collectionIds: page, nextPageToken: more ? page[page.length - 1]! : '' };
}

// ---- single-document RPCs (not used by the Node client, but by other clients and tools) ----

export async function getDocument(
  engine: Engine,
  req: { name: string; mask?: { fieldPaths?: string[] } } & ReadSelector,
) {
  checkDocName(req.name);
  const root = dbRoot(req.name);
  const mask = req.mask ? (req.mask.fieldPaths ?? []).map(parseFieldPath) : undefined;
  return engine.withRead(req, root, async (ctx) => {
    if (ctx.tx && !ctx.tx.readOnly) await engine.locks.acquireAll(ctx.tx.owner, [req.name]);
    engine.ops.reads++;
    const doc = engine.store.getAt(req.name, ctx.readTime);
    if (!doc) throw notFound(`Document "${req.name}" not found.`);
    return docToProto(doc, mask);
  });
}
