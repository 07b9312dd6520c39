import type * as grpc from '@grpc/grpc-js';
import { toServiceError } from './errors.js';
import { execute } from './execute.js';
import { plan, type StructuredQuery } from './query.js';
import { checkDocName, type Doc } from './store.js';
import type { Engine } from './service.js';
import { docToProto, toTimestamp } from './wire.js';

/**
 * Listen (realtime) for the Node client: each target is re-evaluated after every change to the
 * store (coalesced per event-loop turn) and diffed against what the client has, then a global
 * NO_CHANGE with the read time tells the client its view is consistent.
 */
interface ListenTarget {
  targetId?: number;
  query?: { parent?: string; structuredQuery?: StructuredQuery };
  documents?: { documents?: string[] };
  resumeToken?: Uint8Array;
}

interface Active {
  id: number;
  evaluate: () => Doc[];
  /** name → updateTime the client currently has */
  sent: Map<string, number>;
}

const token = (micros: number) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(micros));
  return b;
};

export function handleListen(engine: Engine, call: grpc.ServerDuplexStream<any, any>): void {
  const targets = new Map<number, Active>();
  let closed = false;

  const sendDiff = (t: Active, readTime: ReturnType<typeof toTimestamp>): boolean => {
    const docs = t.evaluate();
    const now = new Map(docs.map((d) => [d.name, d] as const));
    let changed = false;
    for (const d of docs) {
      if (t.sent.get(d.name) === d.updateTime) continue;
      call.write({ documentChange: { document: docToProto(d), targetIds: [t.id] } });
      t.sent.set(d.name, d.updateTime);
      changed = true;
    }
    for (const name of [...t.sent.keys()]) {
      if (now.has(name)) continue;
      t.sent.delete(name);
      const gone = !engine.store.get(name);
      call.write(
        gone
          ? { documentDelete: { document: name, removedTargetIds: [t.id], readTime } }
          : { documentRemove: { document: name, removedTargetIds: [t.id], readTime } },
      );
      changed = true;
    }
    return changed;
  };

  const refresh = () => {
    if (closed || targets.size === 0) return;
    const micros = engine.clock.readNow();
    const readTime = toTimestamp(micros);
    let changed = false;
    for (const t of [...targets.values()]) {
      try {
        changed = sendDiff(t, readTime) || changed;
      } catch (e) {
        // runs outside any request: report on the target instead of crashing the process
        targets.delete(t.id);
        const err = toServiceError(e);
        call.write({
          targetChange: {
            targetChangeType: 'REMOVE',
            targetIds: [t.id],
            cause: { code: err.code, message: err.details },
          },
        });
      }
    }
    if (changed)
      call.write({
        targetChange: { targetChangeType: 'NO_CHANGE', targetIds: [], readTime, resumeToken: token(micros) },
      });
  };

  const add = (target: ListenTarget) => {
    const id = target.targetId ?? 0;
    try {
      let evaluate: () => Doc[];
      if (target.documents) {
        const names = target.documents.documents ?? [];
        names.forEach(checkDocName);
        evaluate = () => names.map((n) => engine.store.get(n)).filter((d): d is Doc => !!d);
      } else if (target.query?.parent && target.query.structuredQuery) {
        const { parent, structuredQuery } = target.query;
        // validate now (and check its index), so errors reach the client
        engine.indexes.check(structuredQuery, plan(engine.store, parent, structuredQuery));
        evaluate = () => execute(engine.store, plan(engine.store, parent, structuredQuery));
      } else throw new Error('Listen target must be a query or documents.');
      const t: Active = { id, evaluate, sent: new Map() };
      targets.set(id, t);
      call.write({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
      if (target.resumeToken?.length) call.write({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      const micros = engine.clock.readNow();
      const readTime = toTimestamp(micros);
      sendDiff(t, readTime);
      call.write({
        targetChange: { targetChangeType: 'CURRENT', targetIds: [id], readTime, resumeToken: token(micros) },
      });
      call.write({
        targetChange: { targetChangeType: 'NO_CHANGE', targetIds: [], readTime, resumeToken: token(micros) },
      });
    } catch (e) {
      const err = toServiceError(e);
      call.write({
        targetChange: { targetChangeType: 'REMOVE', targetIds: [id], cause: { code: err.code, message: err.details } },
      });
    }
  };

  engine.store.listeners.add(refresh);
  const close = () => {
    if (closed) return;
    closed = true;
    engine.store.listeners.delete(refresh);
    engine.listens.delete(close);
    call.end();
  };
  engine.listens.add(close);
  call.on('data', (req: { addTarget?: ListenTarget; removeTarget?: number }) => {
    if (closed) return;
    if (req.addTarget) add(req.addTarget);
    if (req.removeTarget !== undefined) {
      targets.delete(req.removeTarget);
      call.write({ targetChange: { targetChangeType: 'REMOVE', targetIds: [req.removeTarget] } });
    }
  });
  call.on('end', close);
  call.on('cancelled', close);
  call.on('error', close);
}
