import { dateTimeFields } from './dates.js';
import type { ConversationView, MessagePage, UnreadMessages } from './chat.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The chat's date-time fields (web `Feature.dateFields`). */
export const CHAT_DATE_FIELDS = dateTimeFields<ConversationView | MessagePage | UnreadMessages>()([
  'lastMessageDate',
  'readDate',
]);
