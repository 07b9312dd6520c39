import type { Request } from 'express';

/**
 * The client address: the right-most X-Forwarded-For entry, the hop appended by the proxy in front of
 * us (Google's front end); the left part is whatever the client sent and never counts. Used in logs and
 * by the registration throttles (keyed coarsely: IPv6 per /64, modules/users/registration-limits.ts);
 * not for allow lists or anything that grants access.
 */
export function clientAddress(req: Pick<Request, 'headers' | 'socket'>): string | undefined {
  const header = req.headers['x-forwarded-for'];
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (raw) {
    const parts = raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length) return parts[parts.length - 1];
  }
  return req.socket?.remoteAddress ?? undefined;
}
