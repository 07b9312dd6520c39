// ACL and IAM routes of the JSON API. They exist so client calls like File#makePublic,
// File#acl.add, Bucket#makePublic and Bucket#iam.getPolicy succeed with plausible resources.
// Nothing is enforced: every request is allowed whatever the ACLs / policy say. Entries live in
// memory (not persisted); object ACLs are keyed by generation, so a new generation starts empty.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest, notFound } from './errors.js';
import { readJson, sendEmpty, sendJson } from './http.js';
import type { ObjectStore } from './objects.js';
import { baseUrl } from './resource.js';

type Entry = { entity: string; role: string };
type Scope = { kind: 'object'; bucket: string; name: string } | { kind: 'bucket' | 'default'; bucket: string };

const ETAG = 'CAE=';

export class AclHandlers {
  private readonly acls = new Map<string, Map<string, Entry>>();
  private readonly policies = new Map<string, { bindings: unknown[]; version: number; n: number }>();

  constructor(private readonly store: ObjectStore) {}

  /** ACL collection (`entity` undefined) or one entry of an object, a bucket or its default object ACL. */
  async acl(
    req: IncomingMessage,
    res: ServerResponse,
    scope: Scope,
    entity: string | undefined,
    q: URLSearchParams,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? await readJson(req) : (req.resume(), {});
    let generation: string | undefined;
    if (scope.kind === 'object') {
      const meta = this.store.mustGet(scope.bucket, scope.name);
      const g = q.get('generation');
      if (g && g !== meta.generation) throw notFound(scope.bucket, scope.name); // only the live generation exists
      generation = meta.generation;
    }
    const key =
      scope.kind === 'object'
        ? `o\u0000${scope.bucket}\u0000${scope.name}\u0000${generation}`
        : `${scope.kind[0]}\u0000${scope.bucket}`;
    let entries = this.acls.get(key);
    if (!entries) this.acls.set(key, (entries = new Map()));
    const base = baseUrl(req);
    const resource = (e: Entry) => aclResource(scope, e, generation, base);

    if (entity === undefined) {
      if (method === 'GET')
        return sendJson(res, 200, { kind: kindOf(scope) + 's', items: [...entries.values()].map(resource) });
      if (method === 'POST') {
        const e = entryFrom(body, undefined);
        entries.set(e.entity, e);
        return sendJson(res, 200, resource(e));
      }
    } else {
      const existing = entries.get(entity);
      if (method === 'GET') return sendJson(res, 200, resource(existing ?? missing(entity)));
      if (method === 'PUT' || method === 'PATCH') {
        if (!existing) missing(entity);
        const e = entryFrom(body, entity);
        entries.set(e.entity, e);
        return sendJson(res, 200, resource(e));
      }
      if (method === 'DELETE') {
        if (!existing) missing(entity);
        entries.delete(entity);
        return sendEmpty(res, 204);
      }
    }
    throw new ApiError(405, 'methodNotAllowed', `Method ${method} not allowed on ACL URL`);
  }

  /** GET / PUT /b/{b}/iam and GET /b/{b}/iam/testPermissions. */
  async iam(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    testPermissions: boolean,
    q: URLSearchParams,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    if (testPermissions) {
      req.resume();
      if (method !== 'GET') throw new ApiError(405, 'methodNotAllowed', `Method ${method} not allowed`);
      // no enforcement: every permission asked for is granted
      return sendJson(res, 200, { kind: 'storage#testIamPermissionsResponse', permissions: q.getAll('permissions') });
    }
    const policy = this.policies.get(bucket) ?? { bindings: [], version: 1, n: 1 };
    if (method === 'PUT') {
      const body = await readJson(req);
      if (body.bindings !== undefined && !Array.isArray(body.bindings)) throw badRequest('bindings must be an array');
      policy.bindings = (body.bindings as unknown[] | undefined) ?? [];
      policy.version = typeof body.version === 'number' ? body.version : 1;
      policy.n++;
      this.policies.set(bucket, policy);
    } else if (method === 'GET') req.resume();
    else throw new ApiError(405, 'methodNotAllowed', `Method ${method} not allowed on IAM URL`);
    return sendJson(res, 200, {
      kind: 'storage#policy',
      resourceId: `projects/_/buckets/${bucket}`,
      version: policy.version,
      etag: Buffer.from(`policy/${policy.n}`).toString('base64'),
      bindings: policy.bindings,
    });
  }
}

function missing(entity: string): never {
  throw new ApiError(404, 'notFound', `ACL entry for ${entity} not found.`);
}

function entryFrom(body: Record<string, unknown>, entity: string | undefined): Entry {
  const e = entity ?? body.entity;
  if (typeof e !== 'string' || !e) throw badRequest('Required parameter: entity', 'required');
  if (typeof body.role !== 'string' || !body.role) throw badRequest('Required parameter: role', 'required');
  const role = body.role.toUpperCase();
  if (!['READER', 'WRITER', 'OWNER'].includes(role)) throw badRequest(`Invalid role: ${body.role}`, 'invalid');
  return { entity: e, role };
}

const kindOf = (s: Scope) => (s.kind === 'bucket' ? 'storage#bucketAccessControl' : 'storage#objectAccessControl');

function aclResource(scope: Scope, e: Entry, generation: string | undefined, base: string): Record<string, unknown> {
  const r: Record<string, unknown> = {
    kind: kindOf(scope),
    entity: e.entity,
    role: e.role,
    etag: ETAG,
    bucket: scope.bucket,
  };
  if (scope.kind === 'object') {
    r.id = `${scope.bucket}/${scope.name}/${generation}/${e.entity}`;
    r.object = scope.name;
    r.generation = generation;
    r.selfLink = `${base}/storage/v1/b/${scope.bucket}/o/${encodeURIComponent(scope.name)}/acl/${encodeURIComponent(e.entity)}`;
  } else {
    r.id = `${scope.bucket}/${e.entity}`;
    r.selfLink = `${base}/storage/v1/b/${scope.bucket}/${scope.kind === 'bucket' ? 'acl' : 'defaultObjectAcl'}/${encodeURIComponent(e.entity)}`;
  }
  const m = /^(user|group)-(.+@.+)$/.exec(e.entity);
  if (m) r.email = m[2];
  const d = /^domain-(.+)$/.exec(e.entity);
  if (d) r.domain = d[1];
  return r;
}
