import { dateTimeFields } from './dates.js';
import type { HistoryEntry } from './change-history.js';

// Apart from the schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The change history's date-time field (web `Feature.dateFields` of every feature that shows a history). */
export const CHANGE_HISTORY_DATE_FIELDS = dateTimeFields<HistoryEntry>()(['at']);
