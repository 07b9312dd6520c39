import { FieldPath, type Firestore, type FirestoreDataConverter, type Transaction } from 'firebase-admin/firestore';

/**
 * The record calls every entity repository shares: a new id, a read (plain or inside the transaction that
 * writes, where record permissions are checked), create and replace, and a bulk create. A repository extends it with its
 * collection and converter and adds its own queries; `col()` is the typed collection for those.
 */
export class EntityCollection<T extends { id: string }> {
  constructor(
    protected readonly db: Firestore,
    private readonly path: string,
    private readonly converter: FirestoreDataConverter<T>,
  ) {}

  protected col() {
    return this.db.collection(this.path).withConverter(this.converter);
  }

  newId(): string {
    return this.col().doc().id;
  }

  async get(id: string): Promise<T | undefined> {
    return (await this.col().doc(id).get()).data();
  }

  async getInTx(tx: Transaction, id: string): Promise<T | undefined> {
    return (await tx.get(this.col().doc(id))).data();
  }

  /** Several documents in one read of the transaction (undefined where missing), in the order of `ids`. */
  async getManyInTx(tx: Transaction, ids: readonly string[]): Promise<Array<T | undefined>> {
    if (!ids.length) return [];
    return (await tx.getAll(...ids.map((id) => this.col().doc(id)))).map((s) => s.data());
  }

  createInTx(tx: Transaction, entity: T): void {
    tx.create(this.col().doc(entity.id), entity);
  }

  setInTx(tx: Transaction, entity: T): void {
    tx.set(this.col().doc(entity.id), entity);
  }

  /**
   * Many new records at once (seed, bench): one bulk writer. It ramps up like production wants (500 writes/s, +50 %
   * every 5 minutes); `throttling: false` lifts that for loads into the emulator, which has no hot-spotting.
   */
  async createMany(entities: readonly T[], opts: { throttling?: boolean } = {}): Promise<void> {
    const writer = this.db.bulkWriter({ throttling: opts.throttling ?? true });
    for (const entity of entities) void writer.create(this.col().doc(entity.id), entity);
    await writer.close();
  }

  /**
   * Writes every record back through the converter, so stored derived fields (search tokens, sort keys) follow a
   * changed rule (seed.ts `refreshDerivedFields`). Pages of `pageSize` in id order: never the collection in memory.
   */
  async rederive(pageSize = 500): Promise<number> {
    let count = 0;
    for (let last: string | undefined; ;) {
      const base = this.col().orderBy(FieldPath.documentId()).limit(pageSize);
      const page = await (last ? base.startAfter(last) : base).get();
      if (page.empty) return count;
      const writer = this.db.bulkWriter({ throttling: false });
      for (const doc of page.docs) void writer.set(doc.ref, doc.data());
      await writer.close();
      count += page.size;
      last = page.docs[page.size - 1]!.id;
    }
  }
}
