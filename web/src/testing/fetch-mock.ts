import { vi } from 'vitest';

export interface MockCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (
  call: MockCall,
) => { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> } | undefined;

/**
 * Replaces global fetch: `handler` answers by URL/method (JSON body); unanswered calls get 404 {code:'notFound'}.
 * Returns the recorded calls.
 */
export function mockFetch(handler: Handler) {
  const calls: MockCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: MockCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { code: 'notFound', message: 'not found' } };
    const body = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return new Response(body, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}
