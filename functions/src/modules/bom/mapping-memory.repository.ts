import type { Firestore } from 'firebase-admin/firestore';
import { headerSignature, type MappingMemoryEntry, type MappingMemoryStore } from '../../bom/mapping-memory.js';

/** As stored: Firestore hands `savedAt` back as a Timestamp. */
type StoredEntry = Omit<MappingMemoryEntry, 'savedAt'> & { savedAt: Date | { toDate(): Date } };

const toDate = (v: StoredEntry['savedAt']): Date => (v instanceof Date ? v : v.toDate());

/**
 * `bomMappingMemory/{companyId}_{signature}`: one document per company and header signature, so saving
 * the same headers again replaces the mapping and counts the use. Listing is a single-field equality query
 * on companyId ordered by savedAt (composite index companyId + savedAt desc).
 */
export class FirestoreMappingMemoryStore implements MappingMemoryStore {
  constructor(private readonly db: Firestore) {}

  private col() {
    return this.db.collection('bomMappingMemory');
  }

  async listForCompany(companyId: string, limit = 50): Promise<MappingMemoryEntry[]> {
    const snap = await this.col().where('companyId', '==', companyId).orderBy('savedAt', 'desc').limit(limit).get();
    return snap.docs.map((d) => {
      const x = d.data() as StoredEntry;
      return { ...x, savedAt: toDate(x.savedAt) };
    });
  }

  async remember(
    input: Omit<MappingMemoryEntry, 'useCount' | 'savedAt' | 'signature'> & { savedAt?: Date },
  ): Promise<MappingMemoryEntry> {
    const signature = headerSignature(input.headers);
    const ref = this.col().doc(`${input.companyId}_${signature}`);
    return this.db.runTransaction(async (tx) => {
      const prev = await tx.get(ref);
      const entry: MappingMemoryEntry = {
        companyId: input.companyId,
        signature,
        headers: input.headers,
        mapping: input.mapping.map(({ columnIndex, importHeader, articleField }) => ({
          ...(columnIndex !== undefined ? { columnIndex } : {}),
          importHeader,
          articleField,
        })),
        ...(input.headerRowIndex !== undefined ? { headerRowIndex: input.headerRowIndex } : {}),
        ...(input.suppliedPartString !== undefined ? { suppliedPartString: input.suppliedPartString } : {}),
        savedAt: input.savedAt ?? new Date(),
        useCount: ((prev.data() as StoredEntry | undefined)?.useCount ?? 0) + 1,
      };
      tx.set(ref, entry);
      return entry;
    });
  }
}
