import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '@/config/theme';
import { emitIdToken, fakeUser, signOut, verifyPasswordResetCode } from '@/testing/fake-auth';
import { preload } from '@/lib/lazy';
import { LocationProbe } from '@/testing/render';
import { Root } from './root';
import { elementFor } from './routes/route-table';

vi.mock('@/config/firebase', () => import('@/testing/fake-auth'));
vi.mock('firebase/auth', () => import('@/testing/fake-auth'));

// The sign-in state comes from the fake SDK's onIdTokenChanged; the test flips it like Firebase does after signOut.

// the mail-link pages are lazy chunks: loaded up front, so the tests wait for the page's answer, not for the chunk
beforeAll(() => Promise.all(['/action', '/reset'].map((path) => preload(elementFor(path)))));

const tree = () => (
  <ThemeProvider theme={theme}>
    <MemoryRouter initialEntries={['/action?mode=resetPassword&oobCode=abc']}>
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
