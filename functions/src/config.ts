import { defineInt, defineString, type Expression, type IntParam } from 'firebase-functions/params';

/**
 * Every value that differs between Firebase projects, declared with the Functions parameter API so that
 * `firebase deploy` asks for it or reads it from `functions/.env.<projectId>` (the demo project's file is
 * `functions/.env.demo-schrankwerk`). Values that are project-specific have no default on purpose: a
 * deploy without them stops instead of sending mails with links to localhost.
 */
export const params = {
  /** Base of every link in mails (the web's /action, /login, /company routes). */
  portalUrl: defineString('PORTAL_URL', { description: 'Public URL of the portal, e.g. https://portal.example.de' }),
  /** Where the functions run; firebase.json's Hosting rewrite names the same region. */
  region: defineString('REGION', { default: 'europe-west3', description: 'Cloud Functions region' }),
  /** Sender of outgoing mail (Trigger Email `from`); the extension's default sender when empty. */
  mailFrom: defineString('MAIL_FROM', {
    description: 'Sender address of portal mails, e.g. "Schrankwerk <portal@example.de>"',
  }),
  /** At most one forgotten-password mail per address within this many seconds. */
  passwordResetIntervalSeconds: defineInt('PASSWORD_RESET_INTERVAL_SECONDS', { default: 60 }),
} as const;

export interface Config {
  portalUrl: string;
  mailFrom: string;
  passwordResetIntervalMs: number;
  /**
   * Values of the parameters areas declare in their own folders (`areaIntParam`), by parameter name: a Config
   * built for a test gives them here; without one the Functions parameter is read.
   */
  areaParams?: Readonly<Record<string, number>>;
}

/**
 * A parameter an area declares next to its code (with defineInt at module level, so a deploy finds it), read at
 * run time like the ones above: this file names no area.
 */
export function areaIntParam(config: Config, param: IntParam): number {
  return config.areaParams?.[param.name] ?? param.value();
}

/**
 * Reads the parameters at run time (inside a request or task, never at module load, where a deploy's
 * discovery has no values yet). Outside the Functions runtime (seed, tests) the same names come from
 * process.env, which the launcher fills from the demo project's .env file.
 */
export function readConfig(): Config {
  return {
    portalUrl: required(params.portalUrl),
    mailFrom: params.mailFrom.value(),
    passwordResetIntervalMs: params.passwordResetIntervalSeconds.value() * 1000,
  };
}

function required(param: Expression<string> & { name: string }): string {
  const value = param.value();
  if (!value) throw new Error(`${param.name} is not set: add it to functions/.env.<projectId>.`);
  return value;
}

/** The project's default Cloud Storage bucket (the emulator's in local runs). */
export function defaultBucketName(): string {
  const project = process.env.GCLOUD_PROJECT ?? process.env.GCP_PROJECT ?? 'demo-schrankwerk';
  return process.env.STORAGE_BUCKET ?? `${project}.appspot.com`;
}
