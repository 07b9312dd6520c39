import type { Transaction } from 'firebase-admin/firestore';
import type { Editor, ImportCounts } from '../../model/change-history.js';
import type { ImportConfig } from '../../model/import-config.js';
import type { TxCheck } from '../../platform/events.js';
import { Port } from '../../platform/ports.js';

/** What happens to a configuration that later areas care about (the article import). */
export interface ImportConfigEvents {
  /**
   * Inside the delete transaction, before it writes: a listener may refuse (the article import refuses while a
   * running import uses the configuration → 409).
   */
  deleteRequested: TxCheck<ImportConfig>;
}

/** What the import-configs area offers the areas after it (the article import, the seed). */
export interface ImportConfigsPort {
  /** the configuration, or undefined when there is none with this id */
  get(id: string): Promise<ImportConfig | undefined>;
  events: ImportConfigEvents;
  /** An import run with the configuration ended: ONE history entry with its file and counts, in the caller's tx. */
  recordImportInTx(tx: Transaction, configId: string, run: ImportRunRecord): void;
}

export interface ImportRunRecord {
  by: Editor;
  fileName: string;
  counts: ImportCounts;
}

export const IMPORT_CONFIGS_PORT = new Port<ImportConfigsPort>('import-configs');
