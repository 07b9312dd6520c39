import { isValidId } from '../../model/id.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { Identity } from '../../platform/identity.js';
import type { UserRecords } from '../users/users.port.js';

export const REVOKE_COMPANY_SESSIONS = 'revokeCompanySessions';

export interface RevokeCompanySessionsParams {
  companyId: string;
}

/**
 * After a company is deactivated (delete, or update with active: false): revoke the refresh tokens of
 * each of its users, a page of users per chunk, ordered by id with the last id as cursor. Revoking is
 * idempotent (it moves the user's validSince to now), so a chunk repeated after a crash does no harm.
 */
export function revokeCompanySessionsTask(d: {
  users: Pick<UserRecords, 'idsOfCompany' | 'countOfCompany'>;
  identity: Identity;
}): TaskKind<RevokeCompanySessionsParams> {
  return {
    kind: REVOKE_COMPANY_SESSIONS,
    chunkSize: 25,
    parse(params) {
      const companyId = (params as Partial<RevokeCompanySessionsParams> | undefined)?.companyId;
      if (!isValidId(companyId)) throw new TaskFailure('invalidParams', 'companyId');
      return { companyId };
    },
    async count({ companyId }) {
      return d.users.countOfCompany(companyId);
    },
    async runChunk({ params, cursor, size }) {
      const ids = await d.users.idsOfCompany(params.companyId, typeof cursor === 'string' ? cursor : null, size);
      await Promise.all(
        ids.map(async (uid) => {
          await d.identity.revokeSessions(uid);
        }),
      );
      return { cursor: ids.at(-1) ?? cursor, processed: ids.length, finished: ids.length < size };
    },
  };
}
