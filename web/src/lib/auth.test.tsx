import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { emitIdToken, fakeUser, onIdTokenChanged } from '@/testing/fake-auth';
import { useSigninCheck } from './auth';

describe('useSigninCheck', () => {
  it('loading until Firebase reports, then follows sign-in and sign-out; unsubscribes on unmount', async () => {
    emitIdToken(null);
    onIdTokenChanged.mockClear();
    const { result, unmount } = renderHook(() => useSigninCheck());
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'success', data: { signedIn: false, user: null } }));

    act(() => emitIdToken(fakeUser));
    expect(result.current).toEqual({ status: 'success', data: { signedIn: true, user: fakeUser } });
    act(() => emitIdToken(null));
    expect(result.current).toEqual({ status: 'success', data: { signedIn: false, user: null } });

    expect(onIdTokenChanged).toHaveBeenCalledTimes(1);
    unmount();
    const listener = onIdTokenChanged.mock.calls[0]![1];
    const spy = vi.fn();
    // after unmount the hook's listener is gone: emitting reaches nobody but new subscribers
    onIdTokenChanged({}, spy);
    emitIdToken(fakeUser);
    expect(spy).toHaveBeenLastCalledWith(fakeUser);
    expect(listener).toBeTypeOf('function');
  });

  it('a restored session reports signed in at once', async () => {
    emitIdToken(fakeUser);
    const { result } = renderHook(() => useSigninCheck());
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'success', data: { signedIn: true, user: fakeUser } }),
    );
    emitIdToken(null);
  });
});
