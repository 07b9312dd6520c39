// Client-writable object fields, applied from upload metadata, PATCH/PUT bodies and rewrite bodies.
import { badRequest } from './errors.js';
import { WRITABLE_FIELDS, type ObjectMeta } from './objects.js';

type Writable = Pick<ObjectMeta, (typeof WRITABLE_FIELDS)[number] | 'metadata'>;

function str(field: string, v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw badRequest(`Invalid value for ${field}`);
}

function customMetadata(v: unknown): Record<string, string> | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('Invalid value for metadata');
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v as Record<string, unknown>))
    if (val !== null) out[k] = str(`metadata.${k}`, val);
  return out;
}

/** Fields as given in full (upload, PUT, rewrite override): unspecified ones are unset. */
export function replaceFields(body: Record<string, unknown>): Writable {
  const out: Writable = {};
  for (const f of WRITABLE_FIELDS) if (body[f] !== undefined && body[f] !== null) out[f] = str(f, body[f]);
  const md = customMetadata(body.metadata);
  if (md && Object.keys(md).length) out.metadata = md;
  return out;
}

/** PATCH semantics: absent = keep, null = clear; custom metadata merges key by key (null deletes a key). */
export function patchFields(current: ObjectMeta, body: Record<string, unknown>): ObjectMeta {
  const next: ObjectMeta = { ...current, metadata: current.metadata ? { ...current.metadata } : undefined };
  for (const f of WRITABLE_FIELDS) {
    if (!(f in body)) continue;
    if (body[f] === null) delete next[f];
    else next[f] = str(f, body[f]);
  }
  if ('metadata' in body) {
    if (body.metadata === null) delete next.metadata;
    else {
      if (typeof body.metadata !== 'object' || Array.isArray(body.metadata))
        throw badRequest('Invalid value for metadata');
      const md = { ...(next.metadata ?? {}) };
      for (const [k, v] of Object.entries(body.metadata as Record<string, unknown>)) {
        if (v === null) delete md[k];
        else md[k] = str(`metadata.${k}`, v);
      }
      next.metadata = Object.keys(md).length ? md : undefined;
      if (!next.metadata) delete next.metadata;
    }
  }
  return next;
}
