import { Port } from '../../platform/ports.js';
import type { BomImportService } from './bom-import.service.js';

/** What the admin BOM import offers the areas after it and the seed. */
export const BOM_IMPORT_PORT = new Port<BomImportService>('bom-import');
