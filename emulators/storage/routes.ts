// URL routing for the GCS JSON API. The JSON API is served both under /storage/v1 (apiEndpoint
// mode) and at the root (STORAGE_EMULATOR_HOST mode: the client then uses the host as baseUrl).
// Object names arrive percent-encoded (slashes as %2F) and are split before decoding.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest } from './errors.js';
import { sendMedia } from './download.js';
import { sendEmpty, sendJson, readJson } from './http.js';
import type { ObjectStore } from './objects.js';
import { AclHandlers } from './acl.js';
import { ObjectHandlers } from './handlers.js';
import { Uploads } from './uploads.js';
import { answerPreflight, applyCors, bucketOfPath, isPreflight } from './cors.js';
import { baseUrl, bucketResource, firebaseMetadata } from './resource.js';

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw badRequest(`Invalid percent-encoding in path: ${s}`);
  }
}

/** An object of a `/b/{bucket}/o/…` path with the action its suffix names, if any. */
type ObjectTarget =
  | { name: string; action?: undefined }
  | { name: string; action: 'copyTo' | 'rewriteTo'; destBucket: string; destName: string }
  | { name: string; action: 'moveTo'; destName: string }
  | { name: string; action: 'compose' };

const BUCKET_METHODS = new Set(['GET', 'PATCH', 'PUT', 'DELETE']);

/** Split ".../o/{rest}" where rest may hold an action suffix (copyTo, rewriteTo, moveTo, compose). */
function splitObjectPath(rest: string): ObjectTarget {
  let m = /^(.+?)\/(copyTo|rewriteTo)\/b\/([^/]+)\/o\/(.+)$/.exec(rest);
  if (m)
    return {
      name: decode(m[1]!),
      action: m[2] as 'copyTo' | 'rewriteTo',
      destBucket: decode(m[3]!),
      destName: decode(m[4]!),
    };
  m = /^(.+?)\/moveTo\/o\/(.+)$/.exec(rest);
  if (m) return { name: decode(m[1]!), action: 'moveTo', destName: decode(m[2]!) };
  m = /^(.+)\/compose$/.exec(rest);
  if (m) return { name: decode(m[1]!), action: 'compose' };
  return { name: decode(rest) };
}

export class Router {
  private readonly uploads: Uploads;
  private readonly objects: ObjectHandlers;
  private readonly acls: AclHandlers;

  constructor(private readonly store: ObjectStore) {
    this.uploads = new Uploads(store);
    this.objects = new ObjectHandlers(store);
    this.acls = new AclHandlers(store);
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    const method = req.method ?? 'GET';
    let path = url.pathname;

    // CORS (cors.ts): the bucket's configuration, and a session URI's own origin
    if (req.headers.origin !== undefined) {
      const bucket = bucketOfPath(path);
      const rules = bucket === undefined ? undefined : this.store.bucket(bucket).cors;
      const uploadId = path.startsWith('/upload/') ? q.get('upload_id') : null;
      const sessionOrigin = uploadId ? this.uploads.originOf(uploadId) : undefined;
      if (isPreflight(req)) return answerPreflight(req, res, rules, sessionOrigin);
      applyCors(req, res, rules, sessionOrigin);
    }

    // uploads: /upload/storage/v1/b/{bucket}/o
    let m = /^\/upload\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(path);
    if (m) {
      const id = q.get('upload_id');
      if (id) return this.uploads.session(req, res, id);
      if (method === 'POST') return this.uploads.start(req, res, decode(m[1]!), q);
      throw new ApiError(405, 'methodNotAllowed', `Method ${method} not allowed on upload URL`);
    }
    // downloads: /download/storage/v1/b/{bucket}/o/{object}
    m = /^\/download\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(path);
    if (m && (method === 'GET' || method === 'HEAD')) {
      const bucket = decode(m[1]!);
      const name = decode(m[2]!);
      return this.objects.download(req, res, bucket, name, q);
    }

    // Firebase Storage REST (read-only): firebase-admin's getDownloadURL() reads /v0 metadata
    // for the download token, and the URL it builds downloads via /v0 …?alt=media
    m = /^\/v0\/b\/([^/]+)\/o\/(.+)$/.exec(path);
    if (m && (method === 'GET' || method === 'HEAD')) {
      const bucket = decode(m[1]!);
      const name = decode(m[2]!);
      if (q.get('alt') === 'media') return this.objects.download(req, res, bucket, name, new URLSearchParams());
      return sendJson(res, 200, firebaseMetadata(this.store.mustGet(bucket, name)));
    }

    if (path.startsWith('/storage/v1/')) path = path.slice('/storage/v1'.length);
    if ((path === '/b' || path === '/b/') && (method === 'GET' || method === 'POST'))
      return this.buckets(req, res, method);
    m = /^\/b\/([^/]+)\/?$/.exec(path);
    if (m) {
      const bucket = decode(m[1]!);
      if (BUCKET_METHODS.has(method)) return this.bucket(req, res, bucket, method);
    }
    // ACL / IAM (accepted, not enforced): bucket acl, defaultObjectAcl, iam, object acl
    m = /^\/b\/([^/]+)\/(acl|defaultObjectAcl)(?:\/([^/]+))?\/?$/.exec(path);
    if (m) {
      const scope = { kind: m[2] === 'acl' ? ('bucket' as const) : ('default' as const), bucket: decode(m[1]!) };
      return this.acls.acl(req, res, scope, m[3] === undefined ? undefined : decode(m[3]), q);
    }
    m = /^\/b\/([^/]+)\/iam(\/testPermissions)?\/?$/.exec(path);
    if (m) return this.acls.iam(req, res, decode(m[1]!), m[2] !== undefined, q);
    // object names arrive with '/' percent-encoded, so a literal "/acl" ends the name
    m = /^\/b\/([^/]+)\/o\/([^/]+)\/acl(?:\/([^/]+))?\/?$/.exec(path);
    if (m) {
      const scope = { kind: 'object' as const, bucket: decode(m[1]!), name: decode(m[2]!) };
      return this.acls.acl(req, res, scope, m[3] === undefined ? undefined : decode(m[3]), q);
    }
    m = /^\/b\/([^/]+)\/o\/?$/.exec(path);
    if (m && method === 'GET') return this.objects.list(req, res, decode(m[1]!), q);
    m = /^\/b\/([^/]+)\/o\/(.+)$/.exec(path);
    if (m) {
      const answer = this.objectRoute(req, res, decode(m[1]!), splitObjectPath(m[2]!), method, q);
      if (answer) return answer;
    }
    // XML-API style public URL (File#publicUrl): GET /{bucket}/{object}
    m = /^\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (m && (method === 'GET' || method === 'HEAD') && !['b', 'storage', 'upload', 'download', 'v0'].includes(m[1]!)) {
      return sendMedia(req, res, this.store, () => this.store.mustGet(decode(m![1]!), decode(m![2]!)));
    }
    req.resume();
    throw new ApiError(404, 'notFound', `Not Found: ${method} ${url.pathname}`);
  }

  /** `/b`: lists the buckets (GET) or creates one (POST). */
  private async buckets(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    if (method === 'GET') {
      const items = this.store.listBuckets().map((b) => bucketResource(b, baseUrl(req)));
      return sendJson(res, 200, { kind: 'storage#buckets', items });
    }
    const body = await readJson(req);
    if (typeof body.name !== 'string' || !body.name) throw badRequest('Required parameter: name', 'required');
    const b = await this.store.ensureBucket(body.name);
    return sendJson(res, 200, bucketResource(b, baseUrl(req)));
  }

  /** `/b/{bucket}`: GET, PATCH / PUT (update), DELETE (only an empty bucket). */
  private async bucket(req: IncomingMessage, res: ServerResponse, bucket: string, method: string): Promise<void> {
    if (method === 'GET') return sendJson(res, 200, bucketResource(this.store.bucket(bucket), baseUrl(req)));
    if (method === 'PATCH' || method === 'PUT') {
      const updated = await this.store.updateBucket(bucket, await readJson(req));
      return sendJson(res, 200, bucketResource(updated, baseUrl(req)));
    }
    if (this.store.sortedNames(bucket).length > 0) {
      throw new ApiError(409, 'conflict', 'The bucket you tried to delete is not empty.');
    }
    await this.store.deleteBucket(bucket);
    return sendEmpty(res, 204);
  }

  /** `/b/{bucket}/o/{object}[/action…]` by action and method; undefined when the method does not fit. */
  private objectRoute(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    target: ObjectTarget,
    method: string,
    q: URLSearchParams,
  ): Promise<void> | undefined {
    switch (target.action) {
      case undefined:
        if (method === 'GET' || method === 'HEAD') {
          if (q.get('alt') === 'media') return this.objects.download(req, res, bucket, target.name, q);
          return this.objects.get(req, res, bucket, target.name, q);
        }
        if (method === 'PATCH' || method === 'PUT')
          return this.objects.patch(req, res, bucket, target.name, q, method === 'PUT');
        if (method === 'DELETE') return this.objects.delete(req, res, bucket, target.name, q);
        return undefined;
      case 'copyTo':
      case 'rewriteTo':
        if (method !== 'POST') return undefined;
        return this.objects.copy(req, res, bucket, target.name, target.destBucket, target.destName, q, target.action);
      case 'moveTo':
        if (method === 'POST') return this.objects.move(req, res, bucket, target.name, target.destName, q);
        return undefined;
      case 'compose':
        if (method === 'POST') return this.objects.compose(req, res, bucket, target.name, q);
        return undefined;
    }
  }
}
