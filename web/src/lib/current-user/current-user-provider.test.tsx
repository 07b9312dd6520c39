import { describe, expect, it } from 'vitest';
import { render as renderTree, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { User as FirebaseUser } from 'firebase/auth';
import { mockFetch } from '@/testing/fetch-mock';
import { signOut } from '@/testing/fake-auth';
import { createTestQueryClient, makeUser } from '@/testing/render';
import { COUNT_LOGIN_KEY } from '@/lib/auth';
import { useCurrentUser } from './current-user-context';
import { CurrentUserProvider } from './current-user-provider';

const fbUser = { uid: 'u1' } as FirebaseUser;

/** Each render is a page load: a fresh query cache. */
const render = (ui: ReactElement) =>
  renderTree(<QueryClientProvider client={createTestQueryClient()}>{ui}</QueryClientProvider>);

function Probe() {
  const { user } = useCurrentUser();
  return <p data-testid="who">{`${user.name} ${user.company.name}`}</p>;
}

describe('CurrentUserProvider', () => {
  it('loads the user with company; the login counter is called once per login, not on reloads', async () => {
    const calls = mockFetch((c) => {
      if (c.url === '/api/user/update/counter?userId=u1') return { body: makeUser({ loginCounter: 2 }) };
      if (c.url === '/api/user/?id=u1') return { body: makeUser() };
      return undefined;
    });
    sessionStorage.setItem(COUNT_LOGIN_KEY, '1');
    const first = render(
      <CurrentUserProvider firebaseUser={fbUser}>
        <Probe />
      </CurrentUserProvider>,
    );
    expect(await screen.findByTestId('who')).toHaveTextContent('Max Müller Maschinenbau GmbH');
    expect(calls.map((c) => c.url)).toEqual(['/api/user/update/counter?userId=u1']);
    expect(sessionStorage.getItem(COUNT_LOGIN_KEY)).toBeNull();
    first.unmount();

    render(
      <CurrentUserProvider firebaseUser={fbUser}>
        <Probe />
      </CurrentUserProvider>,
    );
    await screen.findByTestId('who');
    expect(calls.map((c) => c.url)).toEqual(['/api/user/update/counter?userId=u1', '/api/user/?id=u1']);
  });

  it.each(['userDisabled', 'tokenRevoked', 'companyInactive', 'unauthenticated'])(
    '%s is fatal: signs out',
    async (code) => {
      signOut.mockClear();
      mockFetch(() => ({ status: code === 'companyInactive' ? 403 : 401, body: { code } }));
      render(
        <CurrentUserProvider firebaseUser={fbUser}>
          <Probe />
        </CurrentUserProvider>,
      );
      await waitFor(() => expect(signOut).toHaveBeenCalled());
      expect(screen.queryByTestId('who')).not.toBeInTheDocument();
    },
  );
});
