import { isIP, isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The client address as Firebase Hosting reports it: its CDN (Fastly) sets `Fastly-Client-IP` to the address the
 * connection came from; behind Hosting, the right-most `X-Forwarded-For` hop is a CDN or Google front-end node,
 * not the client (docs/decisions-hardening.md). The local stack sends the header the same way
 * (scripts/stack/hosting-front.ts). Without the header (a direct call of the function's own URL) the
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

/**
 * The throttle key of a client address. IPv4 as is (also IPv4-mapped IPv6); IPv6 by its /64 prefix, the
 * smallest block a provider hands to one customer (a single host can use all 2^64 addresses of it).
 * Anything else (no address, or not an IP) shares one key.
 */
export function addressKey(address: string | undefined): string {
  const raw = (address ?? '').trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(raw)) return raw;
  const noZone = raw.replace(/%.*$/, '');
  if (isIPv6(noZone)) return `${expandIPv6(noZone).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

/** The eight hextets of an IPv6 address (no zone), lower case without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing IPv4 part counts as two hextets.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((h) => parseInt(h, 16).toString(16));
}
