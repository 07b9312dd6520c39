import { resource } from '@/lib/query-keys';

/** project folders (GET /offer/businessdata*), by the offer id the page was opened with */
export const businessDataKeys = {
  ...resource('business-data'),
  folder: (offerId: string) => ['business-data', 'folder', offerId] as const,
  shared: () => ['business-data', 'shared'] as const,
  log: (offerId: string) => ['business-data', 'log', offerId] as const,
};
