import { dateTimeFields } from './dates.js';
import type { User, UserView } from './user.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The users area's date-time fields (web `Feature.dateFields`). */
export const USER_DATE_FIELDS = dateTimeFields<User | UserView>()(['lastLoginAt', 'date', 'acceptedAt']);
