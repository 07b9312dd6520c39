import { dateTimeFields } from './dates.js';
import type { DownloadLog, FolderCheckAnswer, FolderView } from './business-data.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The project folder's date-time fields (web `Feature.dateFields`): the download log's `at`. */
export const BUSINESS_DATA_DATE_FIELDS = dateTimeFields<FolderView | FolderCheckAnswer | DownloadLog>()(['at']);
