/** project folders (GET /offer/businessdata*), by the offer id the page was opened with */
export const businessDataKeys = {
  all: ['business-data'] as const,
  folder: (offerId: string) => ['business-data', 'folder', offerId] as const,
  shared: () => ['business-data', 'shared'] as const,
  log: (offerId: string) => ['business-data', 'log', offerId] as const,
};
