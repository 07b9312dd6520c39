import { FieldPath, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { entityConverter, viewConverter } from '../../data/converter.js';
import { listOf, type PagedListShape, type QueryFilter } from '../../data/paged-query.js';
import { searchTerm, searchTokens, sortKey } from '../../data/search-tokens.js';
import { UniqueKeysRepository, type UniqueClaim } from '../../data/unique-keys.repository.js';
import type { Company, CompanyType } from '../../model/company.js';
import type { AcceptedVersion, ConsentDocument } from '../../model/consent.js';
import type { Page } from '../../model/paging.js';
import type { User, UserSortColumn, UserView } from '../../model/user.js';

/** A user as written: with the company it belongs to (its name and type are stored for list pages). */
export type UserWithCompany = User & { company: Company };

/** Query-only fields of `users/{uid}`, maintained on every write from the user and its company. */
const DERIVED = ['companyName', 'companyType', 'searchTokens', 'lastnameSort', 'nameSort', 'companyNameSort'] as const;

const userConverter = entityConverter<User>({
  required: ['name', 'lastname', 'mail', 'companyId'],
  nullable: ['lastLoginAt'],
  transient: ['company'],
  derivedFields: DERIVED,
  derived: (user) => {
    const company = user.company;
    if (!company) throw new Error(`users/${user.id}: written without its company`);
    return {
      companyName: company.name,
      companyType: company.type,
      lastnameSort: sortKey(user.lastname),
      nameSort: sortKey(user.name),
      companyNameSort: sortKey(company.name),
      searchTokens: searchTokens(
        user.name,
        user.lastname,
        `${user.name} ${user.lastname}`,
        `${user.lastname} ${user.name}`,
        user.mail,
        company.name,
      ),
    };
  },
});

/** A list item (GET /user/filter): the stored user with `company: {id, name, type}` from its stored fields. */
const userViewConverter = viewConverter<UserView>((data, id) => {
  const {
    companyName,
    companyType,
    searchTokens: _tokens,
    lastnameSort: _l,
    nameSort: _n,
    companyNameSort: _c,
    ...user
  } = data as Record<string, unknown> & User & { companyName?: string; companyType?: CompanyType };
  if (user.lastLoginAt === null) delete user.lastLoginAt;
  return { ...user, id, company: { id: user.companyId, name: companyName, type: companyType } };
});

/** Sort column of /user/filter → stored field (text columns by their folded sort key, see sortKey). */
const ORDER_FIELDS: Record<UserSortColumn, string> = {
  lastname: 'lastnameSort',
  name: 'nameSort',
  mail: 'mail',
  companyName: 'companyNameSort',
  loginCounter: 'loginCounter',
  lastLoginAt: 'lastLoginAt',
};

/** Every query GET /user/filter can run (scope by one company or by chosen companies, search, sort). */
export const USERS_PAGE_SHAPE: PagedListShape = {
  collectionGroup: 'users',
  filterSets: [
    [],
    [{ field: 'companyId', op: 'in' }],
    [{ field: 'searchTokens', op: 'array-contains' }],
    [
      { field: 'companyId', op: 'in' },
      { field: 'searchTokens', op: 'array-contains' },
    ],
  ],
  orderFields: Object.values(ORDER_FIELDS),
};

export interface UserPageQuery {
  /** Only users of these companies (`==` for one). Undefined: all users. */
  companyIds?: string[];
  search?: string;
  column: UserSortColumn;
  sortDescending: boolean;
  page: number;
  paginationSize: number;
}

/** `users/{uid}` (id = Auth uid) and the mail claims `uniqueKeys/userMail:<mail>`. */
export class UsersRepository {
  private readonly keys: UniqueKeysRepository;

  constructor(private readonly db: Firestore) {
    this.keys = new UniqueKeysRepository(db);
  }

  private col() {
    return this.db.collection('users').withConverter(userConverter);
  }

  async get(id: string): Promise<User | undefined> {
    return (await this.col().doc(id).get()).data();
  }

  /**
   * Many users at once through the converter (the user-list bench's 100 000): one bulk writer, no mail claims and
   * no Auth accounts — such users are list rows, they never sign in.
   */
  async createMany(users: readonly UserWithCompany[]): Promise<void> {
    const writer = this.db.bulkWriter({ throttling: false });
    for (const user of users) void writer.create(this.col().doc(user.id), user);
    await writer.close();
  }

  async list(): Promise<User[]> {
    return (await this.col().get()).docs.map((d) => d.data());
  }

  async listByCompany(companyId: string): Promise<User[]> {
    return (await this.col().where('companyId', '==', companyId).get()).docs.map((d) => d.data());
  }

  /** List items with their stored company name and type (no company reads): all users, or one company's. */
  async listViews(companyId?: string): Promise<UserView[]> {
    const col = this.db.collection('users').withConverter(userViewConverter);
    return (await (companyId ? col.where('companyId', '==', companyId) : col).get()).docs.map((d) => d.data());
  }

  /** Admins of ADMIN-type companies: the only candidates for platform administrator (equality only: no composite index). */
  async adminCompanyAdmins(): Promise<User[]> {
    return (await this.platformAdminCandidates().get()).docs.map((d) => d.data());
  }

  /** Ids of a company's users after `afterId`, by id (equality + id order: the single-field index). */
  async idsOfCompany(companyId: string, afterId: string | null, limit: number): Promise<string[]> {
    let query = this.col().where('companyId', '==', companyId).orderBy(FieldPath.documentId()).select().limit(limit);
    if (afterId) query = query.startAfter(afterId);
    return (await query.get()).docs.map((d) => d.id);
  }

  async countOfCompany(companyId: string): Promise<number> {
    return (await this.col().where('companyId', '==', companyId).count().get()).data().count;
  }

  /** One page of users (GET /user/filter); see USERS_PAGE_SHAPE for the indexes. */
  async page(q: UserPageQuery): Promise<Page<UserView>> {
    return listOf(this.listQuery(q)).page(q.page, q.paginationSize);
  }

  /** Every row of the list (export): the page's filters and sort, read in batches. */
  rows(q: Omit<UserPageQuery, 'page' | 'paginationSize'>) {
    return listOf(this.listQuery(q)).all();
  }

  private listQuery(q: Omit<UserPageQuery, 'page' | 'paginationSize'>) {
    const filters: QueryFilter[] = [];
    if (q.companyIds) {
      filters.push(
        q.companyIds.length === 1
          ? { field: 'companyId', op: '==', value: q.companyIds[0] }
          : { field: 'companyId', op: 'in', value: q.companyIds },
      );
    }
    const term = searchTerm(q.search);
    if (term) filters.push({ field: 'searchTokens', op: 'array-contains', value: term });
    return {
      base: this.db.collection('users').withConverter(userViewConverter),
      query: { filters, orderBy: ORDER_FIELDS[q.column], descending: q.sortDescending },
    };
  }

  /** Rewrites every user through the converter with its company (derived fields of older documents); idempotent. */
  async rewriteAll(companies: ReadonlyMap<string, Company>): Promise<void> {
    const writer = this.db.bulkWriter();
    for (const user of await this.list()) {
      const company = companies.get(user.companyId);
      if (company) void writer.set(this.col().doc(user.id), { ...user, company });
    }
    await writer.close();
  }

  /** The most recent login over all users (single-field order, no composite index). */
  async latestLogin(): Promise<User | undefined> {
    const snap = await this.col().orderBy('lastLoginAt', 'desc').limit(1).get();
    return snap.docs[0]?.data();
  }

  /** Who holds a mail address (for the EXTERNAL check before creating anything). */
  async mailClaim(mail: string): Promise<UniqueClaim | undefined> {
    return this.keys.get('userMail', mail);
  }

  async getInTx(tx: Transaction, id: string): Promise<User | undefined> {
    return (await tx.get(this.col().doc(id))).data();
  }

  /** Every user with the admin flag (platform admins are among them), read inside the transaction. */
  async adminsInTx(tx: Transaction): Promise<User[]> {
    return (await tx.get(this.platformAdminCandidates())).docs.map((d) => d.data());
  }

  private platformAdminCandidates() {
    return this.col().where('admin', '==', true).where('companyType', '==', 'ADMIN');
  }

  /** The users of a company, read inside a transaction that will rewrite their company fields. */
  async listByCompanyInTx(tx: Transaction, companyId: string): Promise<User[]> {
    return (await tx.get(this.col().where('companyId', '==', companyId))).docs.map((d) => d.data());
  }

  async mailClaimInTx(tx: Transaction, mail: string): Promise<UniqueClaim | undefined> {
    return this.keys.getInTx(tx, 'userMail', mail);
  }

  /** Writes the user and claims its mail. Call only after all reads of the transaction. */
  createInTx(tx: Transaction, user: UserWithCompany, now: Date): void {
    tx.create(this.col().doc(user.id), user);
    this.keys.claimInTx(tx, { kind: 'userMail', value: user.mail, ownerId: user.id, companyId: user.companyId }, now);
  }

  /** Replaces the user; moves the mail claim when the mail changed. Call only after all reads. */
  updateInTx(tx: Transaction, before: User, after: UserWithCompany, now: Date): void {
    tx.set(this.col().doc(after.id), after);
    if (before.mail !== after.mail || before.companyId !== after.companyId) {
      if (before.mail !== after.mail) this.keys.releaseInTx(tx, 'userMail', before.mail);
      this.keys.claimInTx(
        tx,
        { kind: 'userMail', value: after.mail, ownerId: after.id, companyId: after.companyId },
        now,
      );
    }
  }

  /** Rewrites the stored company name/type (and search tokens) of users after their company changed. */
  setCompanyInTx(tx: Transaction, users: User[], company: Company): void {
    for (const user of users) tx.set(this.col().doc(user.id), { ...user, company });
  }

  deleteInTx(tx: Transaction, user: User): void {
    tx.delete(this.col().doc(user.id));
    this.keys.releaseInTx(tx, 'userMail', user.mail);
  }

  /** Login counter: atomic increment, no read-modify-write. */
  async recordLogin(id: string, now: Date): Promise<void> {
    await this.col()
      .doc(id)
      .update({ loginCounter: FieldValue.increment(1), lastLoginAt: now });
  }

  /** Notes the version of a document the user accepted (the record is the consents'). Call only after all reads. */
  setAcceptedInTx(tx: Transaction, id: string, document: ConsentDocument, accepted: AcceptedVersion, now: Date): void {
    tx.update(this.col().doc(id), { [`acceptedTerms.${document}`]: accepted, lastUpdate: now });
  }

  async clearPasswordChangeNeeded(id: string, now: Date): Promise<void> {
    await this.col()
      .doc(id)
      .update({
        passwordChangeNeeded: false,
        lastUpdate: now,
        changeEntries: FieldValue.arrayUnion({ date: now, userId: id, action: 'passwordChanged' }),
      });
  }
}

/** A user's mail, lower case: unique across the portal (the Auth account's key). */
declare module '../../data/unique-keys.repository.js' {
  interface UniqueKinds {
    userMail: true;
  }
}
