// Small request/response helpers shared by the route handlers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from './errors.js';

const MAX_JSON = 16 * 1024 * 1024;

async function readBody(req: IncomingMessage, limit = MAX_JSON): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw badRequest('Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const buf = await readBody(req);
  return parseJsonObject(buf.toString('utf8'));
}

export function parseJsonObject(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw badRequest('Parse Error: request body is not valid JSON', 'parseError');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badRequest('Request body must be a JSON object');
  return v as Record<string, unknown>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Length': '0', ...headers });
  res.end();
}
