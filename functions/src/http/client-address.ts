import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The client address as Firebase Hosting reports it: its CDN (Fastly) sets `Fastly-Client-IP` to the address the
 * connection came from; behind Hosting, the right-most `X-Forwarded-For` hop is a CDN or Google front-end node,
 * not the client (docs/decisions-hardening.md). The local stack sends the header the same way
 * (emulators/launcher/hosting-front.ts). Without the header (a direct call of the function's own URL) the
 * right-most X-Forwarded-For hop, then the socket. Used in logs and by the registration throttles (keyed coarsely:
 * IPv6 per /64, modules/users/registration-limits.ts); never for allow lists or anything that grants access —
 * the per-domain and global limits are the backstop against a forged value.
 */
export function clientAddress(req: Pick<Request, 'headers' | 'socket'>): string | undefined {
  const cdn = req.headers['fastly-client-ip'];
  const reported = (Array.isArray(cdn) ? cdn[0] : cdn)?.trim();
  if (reported && isIP(reported)) return reported;
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
