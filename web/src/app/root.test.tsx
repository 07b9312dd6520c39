import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '@/config/theme';
import { fakeUser, signOut, verifyPasswordResetCode } from '@/testing/fake-auth';
import { LocationProbe } from '@/testing/render';
import { Root } from './root';

vi.mock('@/config/firebase', () => import('@/testing/fake-auth'));
vi.mock('firebase/auth', () => import('@/testing/fake-auth'));

/** The sign-in state reactfire reports; the test flips it like Firebase does after signOut. */
let signin: { status: 'success'; data: { signedIn: boolean; user: typeof fakeUser | null } };
vi.mock('reactfire', () => ({ useSigninCheck: () => signin }));

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
    signin = { status: 'success', data: { signedIn: true, user: fakeUser } };
    const view = render(tree());
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(verifyPasswordResetCode).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/action');

    signin = { status: 'success', data: { signedIn: false, user: null } };
    view.rerender(tree());
    expect(await screen.findByTestId('reset-mail')).toHaveTextContent('max@firma.de');
    expect(verifyPasswordResetCode).toHaveBeenCalledWith(expect.anything(), 'abc');
    expect(screen.getByTestId('location')).toHaveTextContent('/reset');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signed out: /action works without a sign-out', async () => {
    signOut.mockClear();
    signin = { status: 'success', data: { signedIn: false, user: null } };
    render(tree());
    expect(await screen.findByTestId('reset-mail')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });
});
