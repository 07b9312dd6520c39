import { resource } from '@/lib/query-keys';

/** the import configurations (GET /import/config*) */
export const importConfigKeys = resource('import-configs');
