import { headerSignature, type MappingMemoryEntry, type MappingMemoryStore } from '../../bom/mapping-memory.js';

/** The mapping memory without Firestore (mapping-memory.repository.ts): for unit tests and local tools. */
export class InMemoryMappingMemoryStore implements MappingMemoryStore {
  private readonly entries = new Map<string, MappingMemoryEntry>();

  async listForCompany(companyId: string, limit = 50): Promise<MappingMemoryEntry[]> {
    return [...this.entries.values()]
      .filter((e) => e.companyId === companyId)
      .sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime())
      .slice(0, limit);
  }

  async remember(
    input: Omit<MappingMemoryEntry, 'useCount' | 'savedAt' | 'signature'> & { savedAt?: Date },
  ): Promise<MappingMemoryEntry> {
    const signature = headerSignature(input.headers);
    const key = `${input.companyId}_${signature}`;
    const entry: MappingMemoryEntry = {
      ...input,
      signature,
      savedAt: input.savedAt ?? new Date(),
      useCount: (this.entries.get(key)?.useCount ?? 0) + 1,
    };
    this.entries.set(key, entry);
    return entry;
  }
}
