import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBucketName } from '../../config.js';
import type { AdminBomResult, AdminBomTaskState } from '../../model/bom-import.js';
import { BOM_SYNC_MAX_LINES, BOM_TASK_MAX_LINES } from '../../model/bom-job.js';
import { get } from '../../testing/api-client.js';
import { createArticle, uniq } from '../catalogue/catalogue-fixtures.js';
import { admin, createWorld, disposeClients, type TestUser, type World } from '../../testing/fixtures.js';
import { finalTask, holdTaskAfterFirstChunk, resumeTask } from '../../testing/task-fixtures.js';
import { lineSetFolder } from './line-set.task.js';
import { importBom } from './admin-bom-fixtures.js';

/**
 * The admin import above the synchronous ceiling over HTTP: 202 with a task through the BOM jobs' chunked line-set
 * task (kind bomImport), its progress on GET /admin/bom/task, and the result in the history once it is done.
 */
let w: World;
let administrator: TestUser;
let adminUser: TestUser;
const order = uniq('BIT-ON');
const LINES = BOM_SYNC_MAX_LINES + 1;

beforeAll(async () => {
  w = await createWorld();
  administrator = w.users.platformAdmin;
  adminUser = w.users.adminUser;
  await createArticle(administrator.token, { orderNumber: order, listPrice: 10 });
});
afterAll(disposeClients);

/** 5 001 lines (generated here): every other one the catalogue article. */
const csv = () => {
  const rows = ['Import groß;;', 'Pos;Bestellnummer;Menge'];
  for (let i = 0; i < LINES; i++) rows.push(`${i + 1};${i % 2 ? `${order}-X${i}` : order};2`);
  return Buffer.from(rows.join('\r\n'), 'utf8');
};
const mapping = [
  { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' as const },
  { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' as const },
];
const taskState = (token: string, taskId: string) => get('/admin/bom/task', { token, query: { taskId } });

describe('POST /enquiry/bom/map?admin=true above the synchronous ceiling', () => {
  it('runs as a background task with progress; the result joins the history when done', async () => {
    const name = `${uniq('Gross')}.csv`;
    const res = await importBom(adminUser.token, { name, bytes: csv(), mapping });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { taskId, resultId } = res.body as { taskId: string; resultId: string };

    await holdTaskAfterFirstChunk(taskId);
    const running = (await taskState(adminUser.token, taskId)).body as AdminBomTaskState;
    expect(running).toMatchObject({ state: 'running', resultId, progress: { total: LINES + 1 } });
    expect(running.progress.percent).toBeGreaterThan(0);
    expect(running.progress.percent).toBeLessThan(100);
    // not in the history before it is switched in
    expect((await get('/admin/bom/', { token: adminUser.token, query: { id: resultId } })).status).toBe(404);

    await resumeTask(taskId, ['resume', 'duplicate']);
    expect((await finalTask(taskId)).state).toBe('done');
    const done = (await taskState(adminUser.token, taskId)).body as AdminBomTaskState;
    expect(done).toMatchObject({ state: 'done', resultId, progress: { percent: 100 } });
    const result = (await get('/admin/bom/', { token: adminUser.token, query: { id: resultId } }))
      .body as AdminBomResult;
    expect(result).toMatchObject({ bomFileName: name, lineCount: LINES, errorCount: (LINES - 1) / 2 });
    const lines = await get('/admin/bom/lines', { token: adminUser.token, query: { id: resultId } });
    expect(lines.body.totalElements).toBe(LINES);
    const history = await get('/admin/bom/all/simple', { token: administrator.token, query: {} });
    expect((history.body.content as AdminBomResult[]).map((r) => r.id)).toContain(resultId);
    // the administrator follows every import
    expect((await taskState(administrator.token, taskId)).status).toBe(200);
    // the upload and the staged lines are gone with the task's folder
    const { runId } = (await admin().db.collection('backgroundTasks').doc(taskId).get()).data()!.params as {
      runId: string;
    };
    const [left] = await getStorage(admin().auth.app)
      .bucket(defaultBucketName())
      .getFiles({ prefix: lineSetFolder(runId) });
    expect(left.map((f) => f.name)).toEqual([]);
  });

  it('refuses more rows than the background import takes (413) and unknown tasks (404)', async () => {
    expect((await taskState(adminUser.token, 'keineAufgabe000000')).status).toBe(404);
    const rows = ['Pos;Bestellnummer;Menge'];
    for (let i = 0; i <= BOM_TASK_MAX_LINES; i++) rows.push(`${i};X${i};1`);
    const huge = await importBom(adminUser.token, {
      bytes: Buffer.from(rows.join('\n')),
      mapping: [mapping[0]!],
      headerRowIndex: 1,
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('bomImportTooLarge');
  });
});
