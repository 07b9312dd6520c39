/**
 * The SPA's one logging point. Spec 8 wants failures logged (a failed login, a failed registration, a route
 * error); in the browser that is the console. Everything else stays off the console (ESLint no-console), so
 * the log shows only what was meant for it.
 */
export const log = {
  // eslint-disable-next-line no-console -- the one sanctioned console use of the web (see above)
  warn: (message: string, detail?: unknown): void => console.warn(message, detail),
};
