import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorCode } from '../model/api-error.js';
import { body } from './error-handler.js';

/**
 * The Functions runtime (the Functions Framework as deployed, firebase-tools' emulator runtime locally) is an
 * Express app of its own that parses the body (JSON, text, urlencoded, raw) BEFORE it calls our function.
 * When that parser fails — malformed JSON `{"name":`, a non-object `null`/`123`/`"x"` (body-parser's strict
 * mode), an unknown charset — the runtime's app has no error handler, so Express' final handler answers
 * text/html, with the stack trace and server paths outside production. Our app never sees the request.
 *
 * Our module is loaded before the runtime builds its app, so we give the runtime's Express a final handler
 * that answers like our error handler: `{code, message}` as JSON, never a stack. Only errors that reach
 * Express' final handler are affected; everything the runtime hands to our function is answered by our app.
 */

/**
 * The runtime versions this patch was verified against (runtime-errors.test.ts and the stack's
 * errors-and-strictness.api.test.ts). An upgrade of either fails runtime-errors.test.ts until someone re-runs
 * both, re-reads the runtime's request handling and updates these (docs/decisions-api.md).
 */
export const VERIFIED_RUNTIME = { 'firebase-tools': '15.34.2', 'firebase-functions': '7.4.0' } as const;

type Final = (err?: unknown) => void;
type Handle = (this: unknown, req: IncomingMessage, res: ServerResponse, callback?: Final) => unknown;
interface ExpressModule {
  application?: { handle?: Handle & { [PATCHED]?: true } };
}

const PATCHED = Symbol.for('schrankwerk.runtimeErrorsAsJson');

/** What a runtime error answers: the status body-parser gave it, mapped to one of our codes. */
function runtimeErrorAnswer(err: unknown): { status: number; code: ApiErrorCode } {
  const e = (err ?? {}) as { status?: unknown; statusCode?: unknown; type?: unknown };
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413 || e.type === 'entity.too.large') return { status: 413, code: 'payloadTooLarge' };
  if (status === 415) return { status: 415, code: 'unsupportedMediaType' };
  if (status === 404) return { status: 404, code: 'notFound' };
  if (status >= 400 && status < 500) return { status: 400, code: 'badRequest' };
  return { status: 500, code: 'internal' };
}

function answer(req: IncomingMessage, res: ServerResponse, err: unknown) {
  // like Express' final handler: drain the request, and leave a started answer alone
  req.resume();
  if (res.headersSent) {
    res.end();
    return;
  }
  const { status, code } = err === undefined ? { status: 404, code: 'notFound' as const } : runtimeErrorAnswer(err);
  const json = JSON.stringify(body(code));
  res.statusCode = status;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.end(req.method === 'HEAD' ? undefined : json);
}

/**
 * Gives an Express module's apps a JSON final handler (`app.req, res` without a callback is how the
 * http server calls an app). Idempotent; returns whether the module was patched.
 */
export function answerRuntimeErrorsAsJson(express: unknown): boolean {
  const application = (express as ExpressModule | undefined)?.application;
  const original = application?.handle;
  if (!application || typeof original !== 'function') return false;
  if (original[PATCHED]) return true;
  const handle: Handle & { [PATCHED]?: true } = function (this: unknown, req, res, callback) {
    // the runtime's Express would announce itself on every answer (ours is configured not to)
    (this as { disable?: (setting: string) => void }).disable?.('x-powered-by');
    return original.call(this, req, res, callback ?? ((err?: unknown) => answer(req, res, err)));
  };
  handle[PATCHED] = true;
  application.handle = handle;
  return true;
}

/**
 * The Express of the runtime that loaded us: resolved from the entry script of the process (firebase-tools'
 * functionsEmulatorRuntime, or the Functions Framework's main), so it is the runtime's copy, not ours.
 */
export function patchFunctionsRuntime(entry = process.argv[1], env = process.env): boolean {
  // only inside a function runtime (both set FUNCTION_TARGET), not when a deploy loads us for discovery
  if (!entry || !env.FUNCTION_TARGET) return false;
  try {
    // the emulator starts `functionsEmulatorRuntime` without its .js extension; the Functions Framework is started
    // through a bin symlink: resolve from the real file where there is one
    let file = entry;
    try {
      file = realpathSync(entry);
    } catch {
      // keep the path as given: createRequire only needs its folder
    }
    return answerRuntimeErrorsAsJson(createRequire(file)('express'));
  } catch {
    return false;
  }
}
