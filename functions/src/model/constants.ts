/** Product constants of spec sections 1 and 9. */
export const APP_VERSION = 'v1.4.16';
export const BUILD_DATE = '2025-05-22';
export const PAGE_SIZES = [5, 10, 15, 20, 25, 30] as const;
/** The default page size is the third entry of the list. */
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[2];
export const MAX_PAGE_BUTTONS = 6;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_POLL_INTERVAL_MS = 15 * 60 * 1000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const BOOKING_CALENDAR_URL = 'https://calendly.com/schrankwerk/beratung';
export const DOCUMENTATION_URL = 'https://docs.schrankwerk.de';
