import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { isValidId } from '../../model/id.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { Identity } from '../users/identity.js';

export const REVOKE_COMPANY_SESSIONS = 'revokeCompanySessions';

export interface RevokeCompanySessionsParams {
  companyId: string;
}

/**
 * After a company is deactivated (delete, or update with active: false): revoke the refresh tokens of
 * each of its users, a page of users per chunk, ordered by id with the last id as cursor. Revoking is
 * idempotent (it moves the user's validSince to now), so a chunk repeated after a crash does no harm.
 */
export function revokeCompanySessionsTask(d: { db: Firestore; identity: Identity }): TaskKind<RevokeCompanySessionsParams> {
  // The company's users by id (equality + document id order: served by the single-field index).
  // TODO(issue 7 merge): a paging method of UsersRepository once the restructured repositories land.
  const users = (companyId: string) => d.db.collection('users').where('companyId', '==', companyId);
  return {
    kind: REVOKE_COMPANY_SESSIONS,
    chunkSize: 25,
    parse(params) {
      const companyId = (params as Partial<RevokeCompanySessionsParams> | undefined)?.companyId;
      if (!isValidId(companyId)) throw new TaskFailure('invalidParams', 'companyId');
      return { companyId };
    },
    async count({ companyId }) {
      return (await users(companyId).count().get()).data().count;
    },
    async runChunk({ params, cursor, size, itemDone }) {
      let query = users(params.companyId).orderBy(FieldPath.documentId()).select().limit(size);
      if (typeof cursor === 'string') query = query.startAfter(cursor);
      const ids = (await query.get()).docs.map((doc) => doc.id);
      await Promise.all(ids.map(async (uid) => {
        await d.identity.revokeSessions(uid);
        await itemDone(uid);
      }));
      return { cursor: ids.at(-1) ?? cursor, processed: ids.length, finished: ids.length < size };
    },
  };
}
