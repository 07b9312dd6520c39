import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, fakeUser, signOut } from '@/testing/fake-auth';
import { mockFetch } from '@/testing/fetch-mock';
import { ApiError, api, apiRequest, downloadBlob, filenameFromDisposition, reviveDates } from './api-client';
import { notify } from './notify';

beforeEach(() => {
  auth.currentUser = fakeUser;
  vi.restoreAllMocks();
});

describe('api-client', () => {
  it('sends the ID token, JSON and the /api base with query', async () => {
    const calls = mockFetch(() => ({ body: { ok: true } }));
    await api.post('/user/update', { id: 'x' }, { query: { a: 1, b: undefined } });
    expect(calls[0].url).toBe('/api/user/update?a=1');
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toEqual({ id: 'x' });
  });

  it('sends no token for anonymous calls, signed in or out', async () => {
    const calls = mockFetch(() => ({ body: {} }));
    await api.get('/user/password/reset', { anonymous: true, query: { mail: 'a@b.de' } });
    auth.currentUser = null;
    await api.post('/user/register', {}, { anonymous: true });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].url).toBe('/api/user/password/reset?mail=a%40b.de');
    expect(calls[1].headers.Authorization).toBeUndefined();
  });

  it('sends nothing that needs a user once nobody is signed in: unauthenticated, no toast, no sign-out', async () => {
    const calls = mockFetch(() => ({ body: {} }));
    const toast = vi.spyOn(notify, 'error');
    signOut.mockClear();
    auth.currentUser = null;
    const error = await api.get('/enquiry/list', { toastOnError: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(calls).toHaveLength(0);
    expect(toast).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('revives the date-time fields the model declares (nested), leaves every other string', async () => {
    mockFetch(() => ({
      body: {
        lastLoginAt: '2025-05-22T10:15:00.000Z',
        changeEntries: [{ date: '2025-05-22T10:15:00Z', action: 'create' }],
        zip: '2025',
        desiredDeliveryDate: '2025-05-22',
      },
    }));
    const data = await api.get<{
      lastLoginAt: Date;
      changeEntries: { date: Date }[];
      zip: string;
      desiredDeliveryDate: string;
    }>('/x');
    expect(data.lastLoginAt).toBeInstanceOf(Date);
    expect(data.lastLoginAt.toISOString()).toBe('2025-05-22T10:15:00.000Z');
    expect(data.changeEntries[0].date).toBeInstanceOf(Date);
    expect(data.zip).toBe('2025');
    // a calendar day stays the model's string
    expect(data.desiredDeliveryDate).toBe('2025-05-22');
    expect(reviveDates('', 'hello')).toBe('hello');
  });

  it('keeps a text that looks like a timestamp as text (an enquiry titled like one)', async () => {
    const stamp = '2026-01-01T00:00:00.000Z';
    mockFetch(() => ({ body: { id: 'e1', title: stamp, referenceNumber: stamp, createDate: stamp } }));
    const data = await api.get<{ title: unknown; referenceNumber: unknown; createDate: unknown }>('/enquiry/');
    expect(data.title).toBe(stamp);
    expect(data.referenceNumber).toBe(stamp);
    expect(data.createDate).toBeInstanceOf(Date);
    expect(reviveDates('title', stamp)).toBe(stamp);
    expect(reviveDates('releaseDate', 'kein Datum')).toBe('kein Datum');
  });

  it("revives the fields an area declares with its model (the project folder's download log: `at`)", async () => {
    mockFetch(() => ({ body: { entries: [{ itemId: 'i1', at: '2026-01-01T08:00:00.000Z' }] } }));
    const data = await api.get<{ entries: { at: Date }[] }>('/offer/businessdata/log');
    expect(data.entries[0].at).toBeInstanceOf(Date);
  });

  it('a throttle without the seconds in its body takes them from Retry-After', async () => {
    mockFetch(() => ({
      status: 429,
      body: { code: 'tooManyRequests', message: 'x' },
      headers: { 'Retry-After': '120' },
    }));
    await expect(api.post('/user/register', {})).rejects.toMatchObject({
      status: 429,
      code: 'tooManyRequests',
      details: { retryAfterSeconds: 120 },
    });
  });

  it('turns {code} bodies into ApiError with status and code, and toasts the German text on request', async () => {
    mockFetch(() => ({ status: 409, body: { code: 'mailInUse', message: 'mail in use' } }));
    const error = vi.spyOn(notify, 'error');
    await expect(api.post('/user/', {})).rejects.toMatchObject({ status: 409, code: 'mailInUse' });
    expect(error).not.toHaveBeenCalled();
    await expect(api.post('/user/', {}, { toastOnError: true })).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledWith('E-Mail wird bereits verwendet');
  });

  it('maps unknown codes and non-JSON errors to the generic text', async () => {
    mockFetch(() => ({ status: 500, body: { code: 'weird' } }));
    const error = vi.spyOn(notify, 'error');
    await expect(api.get('/x', { toastOnError: true })).rejects.toMatchObject({ status: 500, code: 'weird' });
    expect(error).toHaveBeenCalledWith('Ein unbekannter Fehler ist aufgetreten');
  });

  it('signs out on fatal codes (disabled user, revoked token)', async () => {
    mockFetch(() => ({ status: 401, body: { code: 'userDisabled' } }));
    signOut.mockClear();
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'userDisabled' });
    expect(signOut).toHaveBeenCalled();
  });

  it('aborts after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(apiRequest('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout' });
  });

  it('downloads blobs under the Content-Disposition filename', async () => {
    mockFetch(() => ({
      raw: '%PDF',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="AVV-Müller.pdf"' },
    }));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    expect(await downloadBlob('/legal/avv', 'AVV.pdf')).toBe('AVV-Müller.pdf');
    expect(click).toHaveBeenCalled();
    expect(filenameFromDisposition("attachment; filename*=UTF-8''Gr%C3%BC%C3%9Fe.pdf", 'x')).toBe('Grüße.pdf');
    expect(filenameFromDisposition(null, 'fallback.pdf')).toBe('fallback.pdf');
  });
});
