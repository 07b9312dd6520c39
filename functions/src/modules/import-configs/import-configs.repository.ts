import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { ChangeHistory } from '../../data/change-history.js';
import { entityConverter } from '../../data/converter.js';
import { EntityCollection } from '../../data/entity-collection.js';
import { DEFAULT_SOURCE_FORMAT, type ImportConfig } from '../../model/import-config.js';

const IMPORT_CONFIGS = 'importConfigs';

/** What is stored: the configuration plus where its sample file lives (never answered to clients). */
export interface StoredImportConfig extends ImportConfig {
  /** Storage path of the sample file the headers were read from (docs/decisions-imports.md) */
  samplePath?: string;
}

const converter = entityConverter<StoredImportConfig>({
  required: ['title', 'headerRowIndex', 'createDate', 'lastUpdate'],
  defaults: () => ({
    sourceFormat: DEFAULT_SOURCE_FORMAT,
    headers: [],
    fieldMapping: [],
    changeEntries: [],
    description: '',
    filename: '',
  }),
});

/** The configuration as the API answers it (the sample's path stays on the server). */
export function publicConfig({ samplePath: _path, ...config }: StoredImportConfig): ImportConfig {
  return config;
}

/**
 * The import configurations: a short list an administrator maintains by hand (a few dozen), read whole for
 * `/import/config/all` (docs/decisions-imports.md), so it declares no page shape.
 */
export class ImportConfigsRepository extends EntityCollection<StoredImportConfig> {
  /** each configuration's change history (`importConfigs/{id}/history`): its edits and the imports run with it */
  readonly changeHistory: ChangeHistory;

  constructor(db: Firestore) {
    super(db, IMPORT_CONFIGS, converter);
    this.changeHistory = new ChangeHistory(db, IMPORT_CONFIGS);
  }

  async all(): Promise<StoredImportConfig[]> {
    return (await this.col().get()).docs.map((d) => d.data());
  }

  deleteInTx(tx: Transaction, id: string): void {
    tx.delete(this.col().doc(id));
  }
}
