import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { FILE_MAX_BYTES, normaliseFileName } from '../model/files.js';
import { ApiError } from '../platform/api-error.js';

/** Limits of one multipart route (busboy's, plus the sum the request may carry). */
export interface MultipartLimits {
  /** bytes per file; a file of exactly this size is accepted */
  fileSize: number;
  files: number;
  /** non-file fields */
  fields: number;
  /** bytes per non-file field value */
  fieldSize: number;
}

const DEFAULT_MULTIPART_LIMITS: MultipartLimits = {
  fileSize: FILE_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
};

export interface UploadedFile {
  /** form field name */
  field: string;
  /** the client's file name, normalised (NFC, `/` and `\` → `_`, no control characters); may be '' */
  filename: string;
  /** as declared by the client: never trusted, the files module checks content by magic bytes */
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Room for part headers and boundaries on top of the declared payload limits. */
const ENVELOPE_BYTES = 64 * 1024;

function totalLimit(l: MultipartLimits): number {
  return l.files * l.fileSize + l.fields * l.fieldSize + ENVELOPE_BYTES;
}

/**
 * Parses a multipart/form-data request with busboy into memory (files are small: 10 MB) and stores it in
 * res.locals.multipart. The Functions runtime has already read the body into req.rawBody; plain Express
 * (tests, other hosts) streams the request. Over a limit → 413 payloadTooLarge; malformed → 400
 * badRequest; either way before anything is stored, since the handler runs only after parsing succeeded.
 */
export function multipart(overrides: Partial<MultipartLimits> = {}): RequestHandler {
  const limits = { ...DEFAULT_MULTIPART_LIMITS, ...overrides };
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next(ApiError.badRequest());
    const declared = Number(req.headers['content-length'] ?? 0);
    const raw = (req as { rawBody?: unknown }).rawBody;
    const rawBody = Buffer.isBuffer(raw) ? raw : undefined;
    if (declared > totalLimit(limits) || (rawBody?.length ?? 0) > totalLimit(limits))
      return next(ApiError.payloadTooLarge());
    parse(req, limits, rawBody).then(
      (body) => {
        res.locals.multipart = body;
        next();
      },
      (error: unknown) => next(error instanceof ApiError ? error : ApiError.badRequest()),
    );
  };
}

function parse(req: Request, limits: MultipartLimits, rawBody: Buffer | undefined): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        // browsers send UTF-8 file names as raw bytes in filename="…" (busboy's default would read latin1)
        defParamCharset: 'utf8',
        // keep the whole client name: its `/` and `\` become `_` (spec 02 §5) instead of cutting the name
        preservePath: true,
        // busboy marks a value truncated when it REACHES the limit: one more byte lets exactly the limit through
        limits: {
          fileSize: limits.fileSize + 1,
          fieldSize: limits.fieldSize + 1,
          files: limits.files,
          fields: limits.fields,
        },
      });
    } catch {
      return reject(ApiError.badRequest()); // no or a broken boundary
    }
    const body: MultipartBody = { fields: Object.create(null) as Record<string, string>, files: [] };
    let failed = false;
    const fail = (error: ApiError) => {
      if (failed) return;
      failed = true;
      reject(error);
      if (!rawBody) req.unpipe(bb);
      req.resume(); // drain what the client still sends; the answer goes out right away
    };
    const tooLarge = () => fail(ApiError.payloadTooLarge());
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return tooLarge();
      body.fields[name] = value;
    });
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limits.fileSize) chunks.push(chunk);
      });
      stream.on('limit', tooLarge);
      stream.on('error', () => fail(ApiError.badRequest()));
      stream.on('end', () => {
        if (failed || stream.truncated) return;
        body.files.push({
          field,
          filename: normaliseFileName(info.filename ?? ''),
          declaredType: info.mimeType,
          bytes: Buffer.concat(chunks, size),
        });
      });
    });
    bb.on('filesLimit', tooLarge);
    bb.on('fieldsLimit', tooLarge);
    bb.on('error', () => fail(ApiError.badRequest()));
    bb.on('close', () => {
      if (!failed) resolve(body);
    });
    if (rawBody) bb.end(rawBody);
    else req.pipe(bb);
  });
}

/** The parsed multipart body of this request (set by `multipart()`). */
export function multipartOf(res: Response): MultipartBody {
  const body = res.locals.multipart as MultipartBody | undefined;
  if (!body) throw ApiError.badRequest();
  return body;
}
