/**
 * TEMPORARY STAND-IN (branch article-transfer): the minimal import-configs area that provides IMPORT_CONFIGS_PORT
 * from Firestore so the article import can run and be tested. It has no routes. The real area (branch
 * import-configs) replaces this whole file at merge time.
 */
import { defineArea } from '../../http/area-module.js';
import type { ImportConfig } from '../../model/import-config.js';
import { TxCheck } from '../../platform/events.js';
import { IMPORT_CONFIGS_PORT } from './import-configs.port.js';

export const IMPORT_CONFIGS_COLLECTION = 'importConfigs';

export const importConfigsArea = defineArea({
  name: 'import-configs',
  create(d) {
    d.ports.provide(IMPORT_CONFIGS_PORT, {
      async get(id) {
        const snap = await d.db.collection(IMPORT_CONFIGS_COLLECTION).doc(id).get();
        return snap.exists ? ({ ...(snap.data() as Omit<ImportConfig, 'id'>), id } as ImportConfig) : undefined;
      },
      events: { deleteRequested: new TxCheck<ImportConfig>('importConfigs.deleteRequested') },
    });
    return {};
  },
});
