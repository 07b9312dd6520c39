import { Port } from '../../platform/ports.js';
import type { ImportConfigsService } from './import-configs.service.js';

/**
 * The area's own service for its seed (creating a configuration with its sample file); the other areas read
 * configurations through IMPORT_CONFIGS_PORT.
 */
export const IMPORT_CONFIGS_ADMIN_PORT = new Port<ImportConfigsService>('import-configs-admin');
