import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVB_VERSION } from '@model/consent';
import type { Company } from '@model/company';
import type { User } from '@model/user';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { AvbConsentDialog } from './avb-consent-dialog';

beforeAll(async () => {
  await import('../api/accept-consent');
});

const outdated = () =>
  makeUser({ acceptedTerms: { avb: { version: '2023-01-16', acceptedAt: new Date('2023-02-01T09:00:00Z') } } });

describe('AvbConsentDialog', () => {
  it("asks a customer's user with older AVB; accepting records the version in force and closes it", async () => {
    const user = userEvent.setup({ delay: null });
    const me = outdated();
    const answer: User & { company: Company } = {
      ...me,
      acceptedTerms: { avb: { version: AVB_VERSION, acceptedAt: new Date() } },
    };
    const calls = mockFetch((c) => (c.url === '/api/user/consent' ? { status: 200, body: answer } : undefined));
    const setUser = vi.fn();
    renderPage(<AvbConsentDialog />, { user: me, setUser });
    const dialog = await screen.findByRole('dialog', { name: 'Unsere AVB haben sich geändert' });
    expect(dialog).toHaveTextContent('Stand: 03.05.2024');
    expect(within(dialog).getByRole('link', { name: /AVB lesen/ })).toHaveAttribute('href', '/avb');
    await user.click(within(dialog).getByRole('button', { name: 'AVB akzeptieren' }));
    await waitFor(() => expect(setUser).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toEqual({ document: 'avb', version: AVB_VERSION });
    expect(setUser.mock.calls[0]![0].acceptedTerms.avb.version).toBe(AVB_VERSION);
  });

  it('declining signs out and records nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch(() => undefined);
    const logout = vi.fn(async () => undefined);
    renderPage(<AvbConsentDialog />, { user: outdated(), logout });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen und abmelden' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });

  it("a customer's user without AVB on record is asked to confirm them", async () => {
    mockFetch(() => undefined);
    renderPage(<AvbConsentDialog />, { user: makeUser({ acceptedTerms: undefined }) });
    expect(await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie unsere AVB' })).toBeInTheDocument();
  });

  it('stays away for the version in force and for anybody but customers', () => {
    mockFetch(() => undefined);
    const { unmount } = renderPage(<AvbConsentDialog />, { user: makeUser() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    renderPage(<AvbConsentDialog />, { user: makeUser({ acceptedTerms: undefined }, { type: 'SUPPLIER' }) });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
