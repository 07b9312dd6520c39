// Writes: Commit (atomic, in or outside a transaction), BatchWrite (non-atomic) and the single-document writes,
// which run as one-write commits.
import { randomInt } from 'node:crypto';
import { invalid, toServiceError } from './errors.js';
import { parseFieldPath } from './field-paths.js';
import { newOwner, writeLockKeys } from './locks.js';
import { checkParent, type Bytes, type Engine } from './service.js';
import { checkDocName, dbRoot } from './store.js';
import type { Fields } from './values.js';
import { docToProto, toTimestamp } from './wire.js';
import { MAX_WRITES_PER_COMMIT, applyWrites, validateWrite, writeTarget, type Write } from './writes.js';

let tempOwners = 0;

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const autoId = () => Array.from({ length: 20 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('');

export async function commit(engine: Engine, req: { database: string; writes?: Write[]; transaction?: Bytes }) {
  const root = req.database + '/documents';
  const writes = req.writes ?? [];
  if (writes.length > MAX_WRITES_PER_COMMIT)
    throw invalid(`A commit may contain at most ${MAX_WRITES_PER_COMMIT} writes.`);
  const tx = req.transaction?.length ? engine.txs.get(req.transaction, root) : undefined;
  if (tx?.readOnly) {
    engine.txs.finish(tx);
    if (writes.length) throw invalid('Cannot write in a read-only transaction.');
  }
  const owner = tx && !tx.readOnly ? tx.owner : newOwner(`commit-${++tempOwners}`);
  try {
    writes.forEach((w) => validateWrite(w, root));
    await engine.locks.acquireAll(
      owner,
      writes.flatMap((w) => writeLockKeys(writeTarget(w))),
    );
    const commitTime = engine.clock.next();
    const writeResults = applyWrites(engine.store, writes, commitTime);
    engine.ops.writes += writes.length;
    return { writeResults, commitTime: toTimestamp(commitTime) };
  } finally {
    // a commit ends its transaction whether it succeeded or not, like production
    if (tx) engine.txs.finish(tx);
    else engine.locks.releaseAll(owner);
  }
}

/** Non-atomic: every write is applied on its own and reports its own status. */
export async function batchWrite(engine: Engine, req: { database: string; writes?: Write[] }) {
  const root = req.database + '/documents';
  const writes = req.writes ?? [];
  if (writes.length > MAX_WRITES_PER_COMMIT)
    throw invalid(`A batch write may contain at most ${MAX_WRITES_PER_COMMIT} writes.`);
  const writeResults: object[] = [];
  const statuses: object[] = [];
  for (const w of writes) {
    const owner = newOwner(`batch-${++tempOwners}`);
    try {
      validateWrite(w, root);
      await engine.locks.acquireAll(owner, writeLockKeys(writeTarget(w)));
      const [r] = applyWrites(engine.store, [w], engine.clock.next());
      engine.ops.writes++;
      writeResults.push(r!);
      statuses.push({ code: 0 });
    } catch (e) {
      const err = toServiceError(e);
      writeResults.push({});
      statuses.push({ code: err.code, message: err.details });
    } finally {
      engine.locks.releaseAll(owner);
    }
  }
  return { writeResults, status: statuses };
}

async function writeOne(engine: Engine, root: string, write: Write, mask?: { fieldPaths?: string[] }) {
  await commit(engine, { database: root.slice(0, -'/documents'.length), writes: [write] });
  const name = writeTarget(write);
  const doc = engine.store.get(name);
  return doc ? docToProto(doc, mask ? (mask.fieldPaths ?? []).map(parseFieldPath) : undefined) : {};
}

export function createDocument(
  engine: Engine,
  req: {
    parent: string;
    collectionId: string;
    documentId?: string;
    document?: { fields?: Fields };
    mask?: { fieldPaths?: string[] };
  },
) {
  const root = checkParent(req.parent);
  const name = `${req.parent}/${req.collectionId}/${req.documentId || autoId()}`;
  return writeOne(
    engine,
    root,
    { update: { name, fields: req.document?.fields ?? {} }, currentDocument: { exists: false } },
    req.mask,
  );
}

export function updateDocument(
  engine: Engine,
  req: Write & { document?: { name?: string; fields?: Fields }; mask?: { fieldPaths?: string[] } },
) {
  const name = req.document?.name ?? '';
  checkDocName(name);
  return writeOne(
    engine,
    dbRoot(name),
    { update: req.document, updateMask: req.updateMask, currentDocument: req.currentDocument },
    req.mask,
  );
}

export async function deleteDocument(
  engine: Engine,
  req: { name: string; currentDocument?: Write['currentDocument'] },
) {
  checkDocName(req.name);
  await writeOne(engine, dbRoot(req.name), { delete: req.name, currentDocument: req.currentDocument });
  return {};
}
