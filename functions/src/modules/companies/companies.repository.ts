import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { fromQuerySnapshot, fromSnapshot, toDocument } from '../../data/firestore-values.js';
import type { Company, CompanyType } from '../../model/company.js';

/** `companies/{id}`. */
export class CompaniesRepository {
  constructor(private readonly db: Firestore) {}

  private col() {
    return this.db.collection('companies');
  }

  newId(): string {
    return this.col().doc().id;
  }

  async get(id: string): Promise<Company | undefined> {
    return fromSnapshot<Company>(await this.col().doc(id).get());
  }

  async getMany(ids: string[]): Promise<Map<string, Company>> {
    const unique = [...new Set(ids)].filter(Boolean);
    if (!unique.length) return new Map();
    const snaps = await this.db.getAll(...unique.map((id) => this.col().doc(id)));
    const out = new Map<string, Company>();
    for (const snap of snaps) {
      const company = fromSnapshot<Company>(snap);
      if (company) out.set(company.id, company);
    }
    return out;
  }

  async list(): Promise<Company[]> {
    return fromQuerySnapshot<Company>(await this.col().get());
  }

  async listByType(type: CompanyType): Promise<Company[]> {
    return fromQuerySnapshot<Company>(await this.col().where('type', '==', type).get());
  }

  async isEmpty(): Promise<boolean> {
    return (await this.col().limit(1).get()).empty;
  }

  async getInTx(tx: Transaction, id: string): Promise<Company | undefined> {
    return fromSnapshot<Company>(await tx.get(this.col().doc(id)));
  }

  createInTx(tx: Transaction, company: Company): void {
    tx.create(this.col().doc(company.id), toDocument(company));
  }

  setInTx(tx: Transaction, company: Company): void {
    tx.set(this.col().doc(company.id), toDocument(company));
  }
}
