import { spellOutUmlauts } from '../model/text.js';

/** RFC 5987 attr-char: everything else in filename* is percent-encoded (UTF-8). */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The quoted ASCII fallback: umlauts transliterated, other non-ASCII and quoting characters replaced. */
function asciiFallback(name: string): string {
  const out = spellOutUmlauts(name)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return out || 'download';
}

/**
 * RFC 6266 `Content-Disposition` for a download: always `attachment` (never rendered inline), an ASCII
 * `filename` for old clients and the exact UTF-8 name in `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  return `attachment; filename="${asciiFallback(filename)}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}
