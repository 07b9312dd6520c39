import { beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '@/config/theme';
import { emitIdToken, fakeUser, signOut, verifyPasswordResetCode } from '@/testing/fake-auth';
import { mockFetch } from '@/testing/fetch-mock';
import { preload } from '@/lib/lazy';
import { customerUser, makeOffer } from '@/testing/offer-fixtures';
import { LocationProbe, preloadAppSlots } from '@/testing/render';
import { Root } from './root';
import { elementFor } from './routes/route-table';

// The sign-in state comes from the fake SDK's onIdTokenChanged; the test flips it like Firebase does after signOut.

// the mail-link pages are lazy chunks: loaded up front, so the tests wait for the page's answer, not for the chunk
beforeAll(() =>
  Promise.all([
    ...['/action', '/reset', '/login', '/offer/:id'].map((path) => preload(elementFor(path))),
    import('./signed-in-app'),
    import('@/components/layout/app-layout'),
    preloadAppSlots(),
  ]),
);

const tree = (entry = '/action?mode=resetPassword&oobCode=abc') => (
  <ThemeProvider theme={theme}>
    <MemoryRouter initialEntries={[entry]}>
      <Root />
      <LocationProbe />
    </MemoryRouter>
  </ThemeProvider>
);

describe('Root: a mail link opened while signed in', () => {
  it('/action signs out first, then continues signed out at the same link (to /reset, not /login)', async () => {
    signOut.mockClear();
    verifyPasswordResetCode.mockClear();
    emitIdToken(fakeUser);
    render(tree());
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(verifyPasswordResetCode).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/action');

    act(() => emitIdToken(null));
    expect(await screen.findByTestId('reset-mail')).toHaveTextContent('max@firma.de');
    expect(verifyPasswordResetCode).toHaveBeenCalledWith(expect.anything(), 'abc');
    expect(screen.getByTestId('location')).toHaveTextContent('/reset');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signed out: /action works without a sign-out', async () => {
    signOut.mockClear();
    emitIdToken(null);
    render(tree());
    expect(await screen.findByTestId('reset-mail')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('Root: a mail link to a record opened while signed out', () => {
  it('leads to the sign-in and, once signed in, to exactly that record', async () => {
    emitIdToken(null);
    mockFetch((c) => {
      if (c.url.startsWith('/api/user/')) return { body: customerUser };
      if (c.url === '/api/offer/?id=o1') return { body: makeOffer({ released: true }) };
      return undefined;
    });
    render(tree('/offer/o1'));
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Foffer%2Fo1');
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();

    act(() => emitIdToken(fakeUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Angebot ansehen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/offer\/o1$/);
  });
});
