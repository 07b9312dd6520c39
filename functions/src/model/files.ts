import { UPLOAD_MAX_BYTES } from './constants.js';
import { defineErrors } from './api-error.js';
import { withoutControlCharacters } from './text.js';

/**
 * Files (spec 01 §5, spec 02 §5 "Files" and §9): document types, upload contexts, file names and icon
 * groups. Isomorphic: the API checks uploads with these rules and the web checks them before sending.
 */

/** The files area's error codes (uploads, paths, archives). */
export const FILE_ERRORS = defineErrors({
  invalidPath: 400,
  invalidFileName: 400,
  fileEmpty: 400,
  fileTypeNotAllowed: 415,
  fileContentMismatch: 415,
  archiveTooLarge: 413,
});

/** Spec 02 §9 "Document type". */
export type DocumentType =
  | 'LEGAL_DOCUMENT'
  | 'POWER_FLOW_DIAGRAM'
  | 'CIRCUIT_DIAGRAM'
  | 'UNKNOWN'
  | 'BILL_OF_MATERIAL'
  | 'LABELLING'
  | 'CONNECTION_LIST'
  | 'OFFER'
  | 'ORDER'
  | 'ORDER_CONFIRMATION';

/** Spec 02 §5: the document types a file may carry, by extension (any other extension: UNKNOWN only). */
const DOCUMENT_TYPES_BY_EXTENSION: Readonly<Record<string, readonly DocumentType[]>> = {
  xlsx: ['BILL_OF_MATERIAL', 'UNKNOWN'],
  pdf: ['OFFER', 'ORDER_CONFIRMATION', 'ORDER', 'LEGAL_DOCUMENT', 'CIRCUIT_DIAGRAM', 'UNKNOWN'],
  csv: ['BILL_OF_MATERIAL', 'LABELLING', 'CONNECTION_LIST', 'UNKNOWN'],
  txt: ['LABELLING', 'UNKNOWN'],
};

export function documentTypesFor(fileName: string): readonly DocumentType[] {
  return DOCUMENT_TYPES_BY_EXTENSION[extensionOf(fileName)] ?? ['UNKNOWN'];
}

/** The lower-case extension without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Spec 01 §5 upload formats: docx, doc, pdf, xlsx, xls, csv, txt, jpeg, png, gif. "jpeg" is the format,
 * so both of its extensions (.jpeg and the far more common .jpg) are accepted.
 */
const GENERAL_EXTENSIONS = ['docx', 'doc', 'pdf', 'xlsx', 'xls', 'csv', 'txt', 'jpeg', 'jpg', 'png', 'gif'] as const;
export type FileExtension = (typeof GENERAL_EXTENSIONS)[number];
const withoutText = GENERAL_EXTENSIONS.filter((e) => e !== 'csv' && e !== 'txt');

/** Where a file is uploaded; each context has its list of allowed extensions. */
export const UPLOAD_CONTEXTS = {
  general: GENERAL_EXTENSIONS,
  /** spec 01 §5: the customer-regulation, cabinet-language and offer uploads omit csv and txt */
  customerRegulation: withoutText,
  cabinetLanguage: withoutText,
  offer: withoutText,
  /** spec 02 §5: BOM upload accepts only .xlsx, .xls, .csv */
  bom: ['xlsx', 'xls', 'csv'],
} as const satisfies Record<string, readonly FileExtension[]>;
export type UploadContext = keyof typeof UPLOAD_CONTEXTS;

export function allowedExtensions(context: UploadContext): readonly FileExtension[] {
  return UPLOAD_CONTEXTS[context];
}

export function isAllowedExtension(fileName: string, context: UploadContext): boolean {
  return (allowedExtensions(context) as readonly string[]).includes(extensionOf(fileName));
}

/**
 * The Content-Type a stored file is served with: by extension, never guessed from the content and never a
 * type a browser renders as a page (no HTML, no SVG); anything unknown is an octet stream.
 */
export const CONTENT_TYPES: Readonly<Record<FileExtension, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
  txt: 'text/plain',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

export function contentTypeOf(fileName: string): string {
  return (CONTENT_TYPES as Record<string, string>)[extensionOf(fileName)] ?? 'application/octet-stream';
}

/** Spec 9: upload size under 10 MB (a file of exactly UPLOAD_MAX_BYTES is accepted, one byte more is not). */
export const FILE_MAX_BYTES = UPLOAD_MAX_BYTES;
/** Spec 9: upload progress chunk 64 KiB (the web reports progress in these steps). */
export const UPLOAD_PROGRESS_CHUNK_BYTES = 64 * 1024;
/** Longest file name kept (in characters); longer names are shortened, the extension kept. */
export const FILE_NAME_MAX_LENGTH = 200;

/** Device names Windows reserves whatever the extension (`CON.pdf` opens the console, not a file). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * A file name as it is stored, and as it is written into a ZIP: Unicode NFC (a name typed on macOS arrives
 * decomposed), `/` and `\` become `_` (spec 02 §5), and so do the characters Windows refuses in a name
 * (`< > : " | ? *`: `C:evil.pdf` would be a drive-relative path to a simple unzip); control characters are removed,
 * surrounding blanks and trailing dots trimmed, a reserved device name (`CON.pdf`, `lpt1.txt`) gets a leading `_`, and
 * overlong names are shortened before the extension. Returns '' when nothing usable is left.
 */
export function normaliseFileName(name: string): string {
  let out = name.normalize('NFC').replace(/[/\\<>:"|?*]/g, '_');
  out = withoutControlCharacters(out)
    .trim()
    .replace(/[.\s]+$/, '');
  if (out === '.' || out === '..') return '';
  if (WINDOWS_RESERVED.test(out)) out = `_${out}`;
  const chars = [...out];
  if (chars.length > FILE_NAME_MAX_LENGTH) {
    const ext = extensionOf(out);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    out =
      chars
        .slice(0, FILE_NAME_MAX_LENGTH - [...keep].length)
        .join('')
        .trimEnd() + keep;
  }
  return out;
}

/**
 * Spec 02 §5: a name that collides with an existing one gets a numeric prefix: `Plan.pdf`, then
 * `1_Plan.pdf`, `2_Plan.pdf`, … (the first number not taken).
 */
export function collisionFreeName(name: string, taken: ReadonlySet<string> | readonly string[]): string {
  const set = taken instanceof Set ? taken : new Set(taken as readonly string[]);
  if (!set.has(name)) return name;
  for (let n = 1; ; n++) {
    const candidate = `${n}_${name}`;
    if (!set.has(candidate)) return candidate;
  }
}

/** Spec 9 file icons: jpg, png, jpeg are image; xlsx, xls, csv are sheet; all others a generic document. */
export type FileIconGroup = 'image' | 'sheet' | 'document';

export function fileIconGroup(fileName: string): FileIconGroup {
  const ext = extensionOf(fileName);
  if (ext === 'jpg' || ext === 'png' || ext === 'jpeg') return 'image';
  if (ext === 'xlsx' || ext === 'xls' || ext === 'csv') return 'sheet';
  return 'document';
}

/** Why a file cannot be uploaded in a context (checked before sending and again by the API), if at all. */
export type UploadRefusal = 'fileTypeNotAllowed' | 'payloadTooLarge' | 'fileEmpty' | 'invalidFileName';

export function uploadRefusal(file: { name: string; size: number }, context: UploadContext): UploadRefusal | undefined {
  const name = normaliseFileName(file.name);
  if (!name) return 'invalidFileName';
  if (!isAllowedExtension(name, context)) return 'fileTypeNotAllowed';
  if (file.size > FILE_MAX_BYTES) return 'payloadTooLarge';
  if (file.size === 0) return 'fileEmpty';
  return undefined;
}

/** A stored file as the API lists it (spec 02 §3 "Attached file"; `id` is the path). */
export interface AttachedFile {
  id: string;
  path: string;
  filename: string;
  fileType: DocumentType;
  disabled: boolean;
  /** API path of the download (GET /file/?path=…) */
  downloadUrl: string;
  size: number;
  contentType: string;
  lastUpdate?: Date;
  /** folders whose record lists its files: who uploaded it (name) and, on offers, the side */
  uploadedByName?: string;
  side?: 'customer' | 'supplier';
  /** project folders: how often it was downloaded */
  downloadCounter?: number;
  /** an enquiry's supplementary documents: where the file came from (a chat attachment or a direct upload) */
  origin?: FileOrigin['kind'];
}

/**
 * Where a file listed on its record came from (an enquiry's supplementary documents): a chat message's attachment
 * copied into the workflow, or a direct upload.
 */
export type FileOrigin = { kind: 'chat'; messageId: string } | { kind: 'upload' };

/**
 * What a record knows of a file in a folder its rules depend on (an enquiry's documents, an offer's documents):
 * written in the record's transaction with the upload and removed with the delete, so a rule ("a circuit diagram
 * is present", "the ORDER pdf stays after the accept") and the file change decide on the same facts. No user ids:
 * the record is read by the other company too.
 */
export interface FileFact {
  /** the stored name within the folder */
  name: string;
  documentType: DocumentType;
  /** who uploaded it, as the list shows it */
  uploadedByName: string;
  /** offers: the side that uploaded it (each side's documents are its own) */
  side?: 'customer' | 'supplier';
  /** enquiry circuit diagrams: the revision this upload became */
  revision?: number;
  /** project folders: how often it was downloaded */
  downloadCounter?: number;
  /** an enquiry's supplementary documents: its size in bytes (their total is limited) and where it came from */
  size?: number;
  origin?: FileOrigin;
  uploadDate: Date;
}

/** Is `f` a PDF of this document type (what a rule may count)? */
export function isPdfOf(f: Pick<FileFact, 'name' | 'documentType'>, type: DocumentType): boolean {
  return f.documentType === type && extensionOf(f.name) === 'pdf';
}

/** Folder of a company's documents (signed AVV, certificates). */
export const COMPANY_DOCUMENTS_PREFIX = 'companies/{companyId}/documents/';

export function companyDocumentsPath(companyId: string): string {
  return COMPANY_DOCUMENTS_PREFIX.replace('{companyId}', companyId);
}

/** The API path that downloads a stored file. */
export function fileDownloadUrl(path: string): string {
  return `/file/?path=${encodeURIComponent(path)}`;
}
