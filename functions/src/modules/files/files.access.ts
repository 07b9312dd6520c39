import { companyDocumentsPath } from '../../model/files.js';
import { SIGNED_IN, type AccessCtx, type AccessRow } from '../../testing/access-matrix.js';
import { pdfBytes, uploadFile } from '../../testing/upload-client.js';

/** The documents folder of the caller's company (anonymous callers: the customer company's). */
const ownDocuments = ({ w, ownCompany }: AccessCtx) => companyDocumentsPath(ownCompany ?? w.companies.CUSTOMER.id);

/** A document stored there by a platform admin; its path. */
async function storedDocument(ctx: AccessCtx): Promise<string> {
  const res = await uploadFile(ctx.w.token('platformAdmin'), ownDocuments(ctx), 'Matrix.pdf', pdfBytes());
  if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
  return (res.body as { path: string }).path;
}

const members = SIGNED_IN.filter((k) => k !== 'externalUser');
const managers = ['customerAdmin', 'supplierAdmin', 'platformAdmin'] as const;

/** /file/* rows on the caller's own company's documents (other companies answer 404: files.api.test.ts). */
export const FILES_ACCESS: AccessRow[] = [
  { call: 'GET /file/names', allowed: members, request: (ctx) => ({ query: { path: ownDocuments(ctx) } }) },
  { call: 'GET /file/', allowed: members, request: async (ctx) => ({ query: { path: await storedDocument(ctx) } }) },
  {
    call: 'POST /file/',
    allowed: managers,
    request: () => ({}),
    send: (ctx, token) => uploadFile(token, ownDocuments(ctx), 'Matrix.pdf', pdfBytes()),
  },
  {
    call: 'POST /file/delete',
    allowed: managers,
    request: async (ctx) => ({ query: { path: await storedDocument(ctx) } }),
  },
];
