// Client (non-admin) callers. The emulator does not evaluate security rules, so by default it serves only admin
// callers and refuses everyone else with PERMISSION_DENIED, rather than letting a client do what production's rules
// may forbid (README.md "Security rules"). `allowClientAccess` serves clients as if every rule allowed everything.
import type http from 'node:http';
import * as grpc from '@grpc/grpc-js';

/**
 * What the admin SDKs send to an emulator: `@google-cloud/firestore` (and firebase-admin over it) adds
 * `Authorization: Bearer owner` whenever it talks without TLS (`FIRESTORE_EMULATOR_HOST`, or `ssl: false`), as the
 * official emulator expects. A web-SDK client sends a user's ID token, a mock token or nothing.
 */
const ADMIN = 'Bearer owner';

const CLIENT_REFUSED =
  'The Schrankwerk Firestore emulator does not evaluate security rules (firestore.rules), so it refuses client ' +
  '(non-admin) requests: only admin callers (firebase-admin / @google-cloud/firestore, which send ' +
  '"Authorization: Bearer owner") are served. Start it with --allow-client-access to serve clients without rules.';

export function isAdmin(metadata: grpc.Metadata): boolean {
  return metadata.get('authorization').some((v) => String(v) === ADMIN);
}

const refusal = () => ({ code: grpc.status.PERMISSION_DENIED, details: CLIENT_REFUSED, message: CLIENT_REFUSED });

/** A handler that refuses the call; streams that a client keeps open get their refusal as production sends it. */
export function refuseClient(method: string): grpc.UntypedHandleCall {
  if (method === 'Listen')
    // production removes each target with its cause (the stream stays up), which the SDK reports to the listener
    return ((call: grpc.ServerDuplexStream<any, any>) => {
      call.on('data', (req: { addTarget?: { targetId?: number } }) => {
        if (!req.addTarget) return;
        const cause = { code: grpc.status.PERMISSION_DENIED, message: CLIENT_REFUSED };
        call.write({ targetChange: { targetChangeType: 'REMOVE', targetIds: [req.addTarget.targetId ?? 0], cause } });
      });
      call.on('end', () => call.end());
    }) as grpc.UntypedHandleCall;
  if (method === 'Write')
    // the web SDK attributes an error to its writes only after the stream's handshake: answer the handshake, then
    // refuse the first request that carries writes
    return ((call: grpc.ServerDuplexStream<any, any>) => {
      call.on('data', (req: { writes?: unknown[] }) => {
        if (req.writes?.length) call.emit('error', refusal());
        else call.write({ streamId: 'refused', streamToken: Buffer.from('refused'), writeResults: [] });
      });
      call.on('end', () => call.end());
    }) as grpc.UntypedHandleCall;
  return ((call: any, cb?: grpc.sendUnaryData<any>) => {
    if (cb) cb(refusal());
    else call.emit('error', refusal());
  }) as grpc.UntypedHandleCall;
}

/** `/v1/projects/…` (REST, the lite SDK) and `/google.firestore.v1.Firestore/…` (the browser SDK's WebChannel). */
const CLIENT_HTTP = /^\/(v1|v1beta1)\/projects\/|^\/google\.firestore\.v1\.Firestore\//;

/**
 * Answers the HTTP transports of the client SDKs, which the emulator does not implement (it speaks gRPC): a client
 * learns that it is refused (403 PERMISSION_DENIED), an admin caller or a client with access allowed that the
 * transport is missing (501). Returns false for other paths.
 */
export function answerClientHttp(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  allowClientAccess: boolean,
): boolean {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  if (!CLIENT_HTTP.test(pathname)) return false;
  if (req.method === 'OPTIONS') {
    // a browser's preflight: let the request itself through, so its answer (and message) reaches the SDK
    res
      .writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': '*',
      })
      .end();
    return true;
  }
  const admin = req.headers.authorization === ADMIN;
  const [code, status, message] =
    admin || allowClientAccess
      ? [501, 'UNIMPLEMENTED', 'The Schrankwerk Firestore emulator speaks gRPC only (no REST or WebChannel).']
      : [403, 'PERMISSION_DENIED', CLIENT_REFUSED];
  res
    .writeHead(code, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    .end(JSON.stringify({ error: { code, message, status } }));
  return true;
}
