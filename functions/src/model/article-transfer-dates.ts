import { dateTimeFields } from './dates.js';
import type { ArticleImportProgress } from './article-transfer.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The article import's date-time fields (web `Feature.dateFields`). */
export const ARTICLE_TRANSFER_DATE_FIELDS = dateTimeFields<ArticleImportProgress>()(['startDate', 'finishDate']);
