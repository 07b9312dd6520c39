import { Port } from '../../platform/ports.js';
import type { BusinessDataService } from './business-data.service.js';

/** What the project-folder area offers later areas and the seed. */
export const BUSINESS_DATA_PORT = new Port<BusinessDataService>('business-data');
