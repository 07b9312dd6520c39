import { act } from '@testing-library/react';

/**
 * A stand-in XMLHttpRequest for resumable-upload tests: records each PUT (method, URL, headers, body) and lets the
 * test drive its upload progress and its answer (status plus headers), or drop the connection.
 */
export class FakeSessionXhr {
  static all: FakeSessionXhr[] = [];
  /** resolves the next `waitForRequest` */
  private static waiters: (() => void)[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  static reset() {
    FakeSessionXhr.all = [];
    FakeSessionXhr.waiters = [];
  }

  /** The `n`-th request (0-based) once it has been sent. */
  static async request(n: number): Promise<FakeSessionXhr> {
    while (FakeSessionXhr.all.length <= n || !FakeSessionXhr.all[n]!.sent)
      await new Promise<void>((ok) => FakeSessionXhr.waiters.push(ok));
    return FakeSessionXhr.all[n]!;
  }

  sent = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeSessionXhr.all.push(this);
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: Blob | null) {
    this.body = body ?? null;
    this.sent = true;
    const waiters = FakeSessionXhr.waiters;
    FakeSessionXhr.waiters = [];
    waiters.forEach((w) => w());
  }
  abort() {
    act(() => this.onabort?.());
  }
  getResponseHeader(name: string): string | null {
    const key = Object.keys(this.responseHeaders).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? null : this.responseHeaders[key]!;
  }
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total: this.body?.size ?? 0 }));
  }
  respond(status: number, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = headers;
    act(() => this.onload?.());
  }
  drop() {
    act(() => this.onerror?.());
  }
}
