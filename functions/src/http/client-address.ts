import type { Request } from 'express';

/**
 * The client address for LOGS ONLY. Behind Firebase Hosting the left part of X-Forwarded-For is
 * whatever the client sent; only the right-most entry was appended by the proxy in front of us.
 * Never use this for a decision (rate limit, allow list …).
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
