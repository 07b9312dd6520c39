import type { AdminBomImportAnswer } from '../../model/bom-import.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import { bomCsv, postForm } from '../enquiries/enquiries-fixtures.js';
import { BOM_CSV_MAPPING } from './bom-job-fixtures.js';
import { TASKS_COLLECTION } from '../../platform/tasks/tasks.repository.js';
import { admin } from '../../testing/fixtures.js';
import { BOM_IMPORT_TASK } from './admin-bom.service.js';

/** POST /enquiry/bom/map?admin=true: the admin import of a file (default: enquiry-fixtures' bomCsv, header row 2). */
export const importBom = (
  token: string | undefined,
  opts: {
    name?: string;
    bytes?: Uint8Array;
    mapping?: FieldMapping;
    headerRowIndex?: number;
    admin?: string;
    suppliedPartString?: string;
  } = {},
) =>
  postForm(
    token,
    `/enquiry/bom/map?admin=${opts.admin ?? 'true'}&headerRowIndex=${opts.headerRowIndex ?? 2}`,
    {
      mapping: JSON.stringify(opts.mapping ?? BOM_CSV_MAPPING),
      ...(opts.suppliedPartString ? { suppliedPartString: opts.suppliedPartString } : {}),
    },
    { name: opts.name ?? 'Stückliste.csv', bytes: opts.bytes ?? bomCsv() },
  );

/** An admin import run through the API; fails loudly otherwise. */
export async function importedBom(token: string | undefined, name?: string): Promise<AdminBomImportAnswer> {
  const res = await importBom(token, name ? { name } : {});
  if (res.status !== 200) throw new Error(`admin import failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as AdminBomImportAnswer;
}

/** A finished background import of `uid`, written straight to Firestore (the access matrix's GET /admin/bom/task). */
export async function storeDoneImportTask(uid: string): Promise<string> {
  const ref = admin().db.collection(TASKS_COLLECTION).doc();
  const now = new Date();
  await ref.set({
    id: ref.id,
    kind: BOM_IMPORT_TASK,
    params: { owner: 'adminImport', ownerId: 'keinErgebnis000000', uid },
    state: 'done',
    progress: { done: 1, total: 1, percent: 100 },
    cursor: 'cleaned',
    lease: null,
    abortRequested: false,
    chunkSize: 1,
    chunksPerDelivery: 1,
    segment: 0,
    claims: 1,
    createdBy: uid,
    createDate: now,
    lastUpdate: now,
  });
  return ref.id;
}
