// JSON shapes returned to clients: object and bucket resources as the GCS JSON API spells them.
import type { IncomingMessage } from 'node:http';
import type { BucketMeta, ObjectMeta } from './objects.js';
import { WRITABLE_FIELDS } from './objects.js';

/** Base URL the client reached us on, so selfLink/mediaLink/session URIs point back here. */
export function baseUrl(req: IncomingMessage): string {
  return `http://${req.headers.host ?? 'localhost'}`;
}

export function etagOf(meta: ObjectMeta): string {
  return Buffer.from(`${meta.generation}/${meta.metageneration}`).toString('base64');
}

export function objectResource(meta: ObjectMeta, base: string): Record<string, unknown> {
  const enc = encodeURIComponent(meta.name);
  const res: Record<string, unknown> = {
    kind: 'storage#object',
    id: `${meta.bucket}/${meta.name}/${meta.generation}`,
    selfLink: `${base}/storage/v1/b/${meta.bucket}/o/${enc}`,
    mediaLink: `${base}/download/storage/v1/b/${meta.bucket}/o/${enc}?generation=${meta.generation}&alt=media`,
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: meta.metageneration,
    contentType: meta.contentType ?? 'application/octet-stream',
    storageClass: meta.storageClass,
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: etagOf(meta),
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    timeStorageClassUpdated: meta.timeCreated,
  };
  for (const f of WRITABLE_FIELDS) if (f !== 'contentType' && meta[f] !== undefined) res[f] = meta[f];
  if (meta.metadata && Object.keys(meta.metadata).length > 0) res.metadata = meta.metadata;
  return res;
}

export function bucketResource(b: BucketMeta, base: string): Record<string, unknown> {
  return {
    kind: 'storage#bucket',
    id: b.name,
    selfLink: `${base}/storage/v1/b/${b.name}`,
    projectNumber: '0',
    name: b.name,
    timeCreated: b.timeCreated,
    updated: b.updated,
    metageneration: b.metageneration,
    location: b.location,
    locationType: 'multi-region',
    storageClass: b.storageClass,
    etag: 'CAE=',
    iamConfiguration: { uniformBucketLevelAccess: { enabled: true }, publicAccessPrevention: 'inherited' },
    ...(b.cors ? { cors: b.cors } : {}),
  };
}

/** Firebase Storage REST (/v0) metadata shape; `downloadTokens` comes from custom metadata. */
export function firebaseMetadata(meta: ObjectMeta): Record<string, unknown> {
  const { firebaseStorageDownloadTokens: downloadTokens, ...custom } = meta.metadata ?? {};
  return {
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: meta.metageneration,
    contentType: meta.contentType ?? 'application/octet-stream',
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    storageClass: meta.storageClass,
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: etagOf(meta),
    contentEncoding: meta.contentEncoding ?? 'identity',
    contentDisposition: meta.contentDisposition ?? 'inline',
    ...(meta.cacheControl ? { cacheControl: meta.cacheControl } : {}),
    ...(downloadTokens ? { downloadTokens } : {}),
    ...(Object.keys(custom).length ? { metadata: custom } : {}),
  };
}
