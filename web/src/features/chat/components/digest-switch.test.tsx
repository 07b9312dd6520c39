import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { principalOf } from '@/lib/current-user/principal';
import { customerUser } from '@/testing/enquiry-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { chatFeature } from '../feature';
import { pathOf } from '../testing/chat-fixtures';
import { DigestSwitch } from './digest-switch';

afterEach(() => vi.unstubAllGlobals());

describe('the mail digest switch (a profile panel)', () => {
  it('shows the setting and switches it off (POST /conversation/digest)', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (pathOf(c) !== '/api/conversation/digest') return undefined;
      return { body: c.method === 'POST' ? c.body : { enabled: true } };
    });
    renderPage(<DigestSwitch record={customerUser} caller={principalOf(customerUser)} canChange />, {
      user: customerUser,
    });
    const toggle = await screen.findByRole('switch', { name: 'Zusammenfassung ungelesener Nachrichten per E-Mail' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ enabled: false });
  });

  it('attached to the profile of CUSTOMER and SUPPLIER users only', () => {
    const panel = chatFeature.panels!.find((p) => p.record === 'profile')!;
    const visible = (u: typeof customerUser) =>
      (panel.visible as (r: unknown, c: unknown) => boolean)(u, principalOf(u));
    expect(visible(customerUser)).toBe(true);
    for (const type of ['ADMIN', 'EXTERNAL'] as const) expect(visible(makeUser({}, { type }))).toBe(false);
  });
});
