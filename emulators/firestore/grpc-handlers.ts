import * as grpc from '@grpc/grpc-js';
import { isAdmin, refuseClient } from './client-access.js';
import { RpcError, toServiceError } from './errors.js';
import { handleListen } from './listen.js';
import { batchWrite, commit, createDocument, deleteDocument, updateDocument } from './commits.js';
import { batchGet, getDocument, listCollectionIds, listDocuments } from './reads.js';
import { runAggregation, runQuery } from './run-query.js';
import { checkParent, type Engine } from './service.js';

/**
 * gRPC glue: maps each Firestore RPC onto its handler (reads.ts, run-query.ts, commits.ts, listen.ts, the engine's
 * transactions), errors onto gRPC statuses.
 */
type Handler = grpc.UntypedHandleCall;

function unary(fn: (req: any) => unknown): Handler {
  return ((call: grpc.ServerUnaryCall<any, any>, cb: grpc.sendUnaryData<any>) => {
    Promise.resolve()
      .then(() => fn(call.request))
      .then(
        (res) => cb(null, res as object),
        (e) => cb(report(e)),
      );
  }) as Handler;
}

function serverStream(fn: (req: any, write: (m: object) => void) => Promise<void>): Handler {
  return ((call: grpc.ServerWritableStream<any, any>) => {
    // Headers first: the client library re-sends a stream that fails before any response
    // (up to 3 times, seconds apart), which would repeat invalid queries and lock waits.
    call.sendMetadata(new grpc.Metadata());
    const ac = new AbortController();
    call.on('cancelled', () => ac.abort());
    fn({ ...call.request, signal: ac.signal }, (m) => call.write(m)).then(
      () => call.end(),
      (e) => call.emit('error', report(e)),
    );
  }) as Handler;
}

function report(e: unknown) {
  const err = toServiceError(e);
  if (!(e instanceof RpcError)) console.error('[firestore-emulator] internal error:', e);
  return err;
}

const unimplemented = (what: string): Handler =>
  ((call: any, cb?: grpc.sendUnaryData<any>) => {
    const err = {
      code: grpc.status.UNIMPLEMENTED,
      details: `${what} is not supported by the Schrankwerk Firestore emulator`,
    };
    if (cb) cb(err);
    else call.emit('error', err);
  }) as Handler;

/** Every RPC refuses client (non-admin) callers unless `allowClientAccess` (client-access.ts). */
export function handlers(engine: Engine, allowClientAccess = false): grpc.UntypedServiceImplementation {
  const served = serve(engine);
  if (allowClientAccess) return served;
  return Object.fromEntries(
    Object.entries(served).map(([method, handler]) => {
      const refused = refuseClient(method);
      const guarded = (call: { metadata: grpc.Metadata }, cb?: unknown) =>
        ((isAdmin(call.metadata) ? handler : refused) as (c: unknown, cb?: unknown) => void)(call, cb);
      return [method, guarded as Handler];
    }),
  );
}

function serve(engine: Engine): grpc.UntypedServiceImplementation {
  return {
    BatchGetDocuments: serverStream((r, w) => batchGet(engine, r, w)),
    RunQuery: serverStream((r, w) => runQuery(engine, r, w)),
    RunAggregationQuery: serverStream((r, w) => runAggregation(engine, r, w)),
    BeginTransaction: unary((r) => engine.beginTransaction(r)),
    Commit: unary((r) => commit(engine, r)),
    Rollback: unary((r) => engine.rollback(r)),
    BatchWrite: unary((r) => batchWrite(engine, r)),
    ListDocuments: unary((r) => listDocuments(engine, r)),
    ListCollectionIds: unary((r) => listCollectionIds(engine, r)),
    Listen: ((call: grpc.ServerDuplexStream<any, any>) => handleListen(engine, call)) as Handler,
    Write: unimplemented('Write (streaming)'),
    // One partition (no split points) is a valid answer: the client then runs the whole query.
    PartitionQuery: unary((r: { parent?: string }) => {
      checkParent(r.parent ?? '');
      return { partitions: [], nextPageToken: '' };
    }),
    GetDocument: unary((r) => getDocument(engine, r)),
    CreateDocument: unary((r) => createDocument(engine, r)),
    UpdateDocument: unary((r) => updateDocument(engine, r)),
    DeleteDocument: unary((r) => deleteDocument(engine, r)),
  };
}
