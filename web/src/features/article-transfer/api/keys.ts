/**
 * The article import's progress and the import configurations it offers (under the import-configs area's prefix,
 * so a change there refreshes the choice).
 */
export const articleTransferKeys = {
  importProgress: ['article-transfer', 'import'] as const,
  importConfigs: ['import-configs', 'all'] as const,
};
