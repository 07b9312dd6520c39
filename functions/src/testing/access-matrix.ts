import type { Express } from 'express';
import type { Company } from '../model/company.js';
import { mountsOf, type AreaModule } from '../http/area-module.js';
import { CALLER_KINDS, type CallerKind, type World } from './fixtures.js';

/**
 * The access matrix harness: every endpoint × every kind of caller, as rows each area contributes
 * (`modules/<area>/<area>.access.ts`, found by testing/access-rows.ts). A kind not in
 * `allowed` must be refused (anonymous 401, signed-in 403), so a missing guard or record rule fails a
 * test; allowed calls must succeed (2xx) with the request built by `request`. A unit test checks that
 * every route Express registered has a row (testing/access-matrix.test.ts).
 */
export interface AccessCtx {
  w: World;
  kind: CallerKind;
  self?: string;
  ownCompany?: string;
  target: Company;
}

interface AccessRequest {
  query?: Record<string, string | undefined>;
  body?: unknown;
}

export interface AccessRow {
  /** `METHOD /path` as docs/api.md writes it, e.g. `GET /user/`. */
  call: string;
  allowed: readonly CallerKind[] | 'anyone' | 'signedIn';
  /**
   * Kinds for whom the record the row addresses is hidden: they get 404, the answer an unknown id gets (a record
   * rule, e.g. an offer's folder for ADMIN-company users), instead of 403.
   */
  hiddenFrom?: readonly CallerKind[];
  request: (ctx: AccessCtx) => Promise<AccessRequest> | AccessRequest;
  /** Runs after every other row (e.g. a password change ends the caller's older sessions). */
  last?: boolean;
  /** Its caller kinds one after another, not at once (they share something, e.g. the registration throttle). */
  serial?: boolean;
  /** Sends the request itself instead of a JSON call (e.g. a multipart upload). */
  send?: (ctx: AccessCtx, token: string | undefined) => Promise<{ status: number; body: unknown }>;
}

export const SIGNED_IN: readonly CallerKind[] = CALLER_KINDS.filter((k) => k !== 'anonymous');

function allowedKinds(row: AccessRow): readonly CallerKind[] {
  if (row.allowed === 'anyone') return CALLER_KINDS;
  if (row.allowed === 'signedIn') return SIGNED_IN;
  return row.allowed;
}

/** The rows in run order (rows marked `last` at the end), each with one case per caller kind. */
export function accessRows(rows: readonly AccessRow[]) {
  const ordered = [...rows.filter((r) => !r.last), ...rows.filter((r) => r.last)];
  return ordered.map((row) => ({
    call: row.call,
    serial: row.serial ?? false,
    cases: CALLER_KINDS.map((kind) => ({
      row,
      kind,
      allowed: allowedKinds(row).includes(kind),
      refusal: kind === 'anonymous' ? 401 : row.hiddenFrom?.includes(kind) ? 404 : 403,
    })),
  }));
}

/** `GET /user/` and `GET /user` are one endpoint. */
export function normaliseCall(call: string): string {
  const [method, path] = call.split(' ') as [string, string];
  return `${method.toUpperCase()} ${path.length > 1 ? path.replace(/\/+$/, '') : path}`;
}

type RouterLayer = { route?: { path: string; methods: Record<string, boolean> }; handle?: unknown };
const stackOf = (router: unknown): RouterLayer[] => (router as { stack?: RouterLayer[] }).stack ?? [];

/**
 * Every `METHOD /path` the app has registered: walks the app's router stack down into the mounted routers
 * and names each router by the module that owns it. A route outside the module list is reported too.
 */
export function registeredRoutes(app: Express, modules: readonly AreaModule[]): string[] {
  const mountOf = new Map<unknown, string>(modules.flatMap(mountsOf).map((m) => [m.router, m.path]));
  const out = new Set<string>();
  const walk = (router: unknown, prefix: string | undefined) => {
    for (const layer of stackOf(router)) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on) out.add(normaliseCall(`${method} ${prefix ?? '<outside the module list>'}${layer.route.path}`));
        }
      } else if (layer.handle && stackOf(layer.handle).length) {
        walk(layer.handle, mountOf.get(layer.handle) ?? prefix);
      }
    }
  };
  walk((app as unknown as { router: unknown }).router, undefined);
  return [...out].sort();
}
