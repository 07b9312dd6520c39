import { beforeEach, describe, expect, it } from 'vitest';
import type { Company, CompanyType } from '../../model/company.js';
import type { Principal, User, UserUpdateInput } from '../../model/user.js';
import { principal } from '../../testing/principals.js';
import type { UserLeftCompany } from './users.port.js';
import { UsersService, type UsersServiceDeps } from './users.service.js';

/** In-memory stand-ins for the repositories: enough for update/delete/create rules. */
let users: Map<string, User>;
let companies: Map<string, Company>;
/** Runs inside the transaction right after the first read: simulates a concurrent write. */
let concurrently: (() => void) | undefined;
/** What `leftCompany` announced. */
let left: UserLeftCompany[];

function company(id: string, type: CompanyType, extra: Partial<Company> = {}): Company {
  return {
    id,
    name: id,
    type,
    active: true,
    pendingRegistration: false,
    address: { street: 'S', houseNo: '1', zip: '1', city: 'C' },
    ...extra,
  };
}
function user(id: string, companyId: string, admin = false): User {
  return {
    id,
    name: 'N',
    lastname: id,
    mail: `${id}@test.de`,
    phoneNumber: '1',
    admin,
    companyId,
    permissions: [],
    passwordChangeNeeded: false,
    loginCounter: 1,
  };
}
/** The caller as authenticate would load him. */
function caller(id: string): Principal {
  const u = users.get(id)!;
  const c = companies.get(u.companyId)!;
  return { ...principal(c.type, { admin: u.admin, uid: id, companyId: c.id }), user: u, company: c };
}

function service() {
  const usersRepo = {
    get: async (id: string) => users.get(id),
    getInTx: async (_tx: unknown, id: string) => {
      concurrently?.();
      concurrently = undefined;
      return users.get(id);
    },
    mailClaim: async () => undefined,
    mailClaimInTx: async () => undefined,
    adminsInTx: async () => [...users.values()].filter((u) => u.admin),
    updateInTx: (_tx: unknown, _before: User, after: User) => {
      users.set(after.id, after);
    },
    deleteInTx: (_tx: unknown, u: User) => {
      users.delete(u.id);
    },
  };
  const companiesRepo = {
    get: async (id: string) => companies.get(id),
    getInTx: async (_tx: unknown, id: string) => companies.get(id),
  };
  const deps = {
    users: usersRepo,
    companies: companiesRepo,
    mail: {},
    identity: {
      setMail: async () => undefined,
      deleteAccount: async () => undefined,
      createAccount: async () => 'new-uid',
      passwordResetCode: async () => 'code',
    },
    throttles: {},
    transaction: (fn: (tx: unknown) => Promise<unknown>) => fn({}),
    events: { leftCompany: { emit: async (e: UserLeftCompany) => void left.push(e) } },
    portalUrl: 'http://portal',
    passwordResetIntervalMs: 60_000,
    now: () => new Date('2026-01-01T00:00:00Z'),
  } as unknown as UsersServiceDeps;
  return new UsersService(deps);
}

const form = (u: User, extra: Record<string, unknown> = {}) =>
  ({
    id: u.id,
    name: u.name,
    lastname: u.lastname,
    mail: u.mail,
    phoneNumber: u.phoneNumber,
    ...extra,
  }) as UserUpdateInput;

beforeEach(() => {
  concurrently = undefined;
  left = [];
  companies = new Map([
    ['admin-co', company('admin-co', 'ADMIN')],
    ['admin-co-2', company('admin-co-2', 'ADMIN')],
    ['cust-co', company('cust-co', 'CUSTOMER')],
    ['supp-co', company('supp-co', 'SUPPLIER')],
    ['pending-co', company('pending-co', 'CUSTOMER', { pendingRegistration: true })],
    ['inactive-co', company('inactive-co', 'CUSTOMER', { active: false })],
    ['ext-co', company('ext-co', 'EXTERNAL')],
  ]);
  users = new Map([
    ['pa1', user('pa1', 'admin-co', true)],
    ['pa2', user('pa2', 'admin-co', true)],
    ['ca', user('ca', 'cust-co', true)],
    ['cu', user('cu', 'cust-co')],
  ]);
});

describe('update: no lock-out', () => {
  it('ignores the own admin flag and company, answering the unchanged values', async () => {
    const out = await service().update(
      caller('pa1'),
      form(users.get('pa1')!, { admin: false, companyId: 'cust-co', name: 'Neu' }),
    );
    expect(out).toMatchObject({ admin: true, companyId: 'admin-co', name: 'Neu' });
    expect(users.get('pa1')).toMatchObject({ admin: true, companyId: 'admin-co' });
    const ca = await service().update(caller('ca'), form(users.get('ca')!, { admin: false }));
    expect(ca.admin).toBe(true);
  });

  it('keeps at least one active platform admin (demote, move, delete): 412 lastPlatformAdmin', async () => {
    // pa1 was demoted concurrently: pa2 is the last active platform admin
    const p = caller('pa1');
    users.set('pa1', { ...users.get('pa1')!, admin: false });
    await expect(service().update(p, form(users.get('pa2')!, { admin: false }))).rejects.toMatchObject({
      status: 412,
      code: 'lastPlatformAdmin',
    });
    await expect(
      service().update(p, form(users.get('pa2')!, { admin: true, companyId: 'cust-co' })),
    ).rejects.toMatchObject({ status: 412, code: 'lastPlatformAdmin' });
    await expect(service().delete(p, 'pa2')).rejects.toMatchObject({ status: 412, code: 'lastPlatformAdmin' });
    expect(users.get('pa2')).toMatchObject({ admin: true, companyId: 'admin-co' });
    // an admin in an inactive ADMIN company does not count
    users.set('pa3', user('pa3', 'admin-co-2', true));
    companies.set('admin-co-2', { ...companies.get('admin-co-2')!, active: false });
    await expect(service().delete(p, 'pa2')).rejects.toMatchObject({ code: 'lastPlatformAdmin' });
    // with another active platform admin it works; a move between ADMIN companies keeps him
    companies.set('admin-co-2', { ...companies.get('admin-co-2')!, active: true });
    await expect(
      service().update(p, form(users.get('pa2')!, { admin: true, companyId: 'admin-co-2' })),
    ).resolves.toMatchObject({ companyId: 'admin-co-2' });
    await expect(service().update(p, form(users.get('pa2')!, { admin: false }))).resolves.toMatchObject({
      admin: false,
    });
  });
});

describe('update/delete: permission checked again inside the transaction', () => {
  it('a company admin cannot change or delete a user moved to another company meanwhile', async () => {
    const moveAway = () => {
      users.set('cu', { ...users.get('cu')!, companyId: 'supp-co' });
    };
    concurrently = moveAway;
    await expect(service().update(caller('ca'), form(users.get('cu')!, { name: 'Hacked' }))).rejects.toMatchObject({
      status: 403,
    });
    expect(users.get('cu')).toMatchObject({ name: 'N', companyId: 'supp-co' });
    users.set('cu', { ...users.get('cu')!, companyId: 'cust-co' });
    concurrently = moveAway;
    await expect(service().delete(caller('ca'), 'cu')).rejects.toMatchObject({ status: 403 });
    expect(users.has('cu')).toBe(true);
  });
});

describe('companies that accept users: active, released, not EXTERNAL', () => {
  it.each(['pending-co', 'inactive-co', 'ext-co'])(
    'create and move into %s answer 412 companyNotActive',
    async (companyId) => {
      const p = caller('pa1');
      await expect(
        service().create(p, { name: 'N', lastname: 'L', mail: 'x@test.de', phoneNumber: '1', admin: false, companyId }),
      ).rejects.toMatchObject({ status: 412, code: 'companyNotActive' });
      await expect(service().update(p, form(users.get('cu')!, { companyId }))).rejects.toMatchObject({
        status: 412,
        code: 'companyNotActive',
      });
      expect(users.get('cu')!.companyId).toBe('cust-co');
    },
  );
});

describe('update: admin omitted', () => {
  it('leaves the flag unchanged; given, it is applied', async () => {
    await expect(service().update(caller('pa1'), form(users.get('ca')!))).resolves.toMatchObject({ admin: true });
    await expect(service().update(caller('ca'), form(users.get('ca')!, {}))).resolves.toMatchObject({ admin: true });
    await expect(service().update(caller('pa1'), form(users.get('ca')!, { admin: false }))).resolves.toMatchObject({
      admin: false,
    });
  });
});

describe('leftCompany: announced after a move or a delete', () => {
  it('a move to another company and a delete announce the former company; other changes and refusals nothing', async () => {
    const pa = caller('pa1');
    await service().update(pa, form(users.get('cu')!, { name: 'Neu' }));
    await service().update(pa, form(users.get('cu')!, { companyId: 'cust-co' }));
    await expect(service().update(pa, form(users.get('cu')!, { companyId: 'inactive-co' }))).rejects.toMatchObject({
      status: 412,
    });
    expect(left).toEqual([]);
    await service().update(pa, form(users.get('cu')!, { companyId: 'supp-co' }));
    expect(left).toEqual([{ userId: 'cu', companyId: 'cust-co', actorId: 'pa1' }]);
    await service().delete(pa, 'cu');
    expect(left).toEqual([
      { userId: 'cu', companyId: 'cust-co', actorId: 'pa1' },
      { userId: 'cu', companyId: 'supp-co', actorId: 'pa1' },
    ]);
  });
});
