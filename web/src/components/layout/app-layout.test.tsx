import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Feature } from '@/lib/feature';
import { lazyFrom } from '@/lib/lazy';
import { preloadSlots, slotsOf } from '@/lib/slots';
import { makeUser, renderPage } from '@/testing/render';
import { AppLayout } from './app-layout';

/** A later area's header widget (the unread bell), shown to customers and suppliers only. */
const bellFeature: Feature = {
  routes: [],
  headerWidgets: [
    {
      id: 'bell',
      order: 10,
      visible: (caller) => caller.companyType !== 'ADMIN',
      component: lazyFrom(async () => () => <span data-testid="bell">3</span>),
    },
  ],
};
const slots = slotsOf([bellFeature]);

beforeAll(() => preloadSlots(slots));

describe('AppLayout: the header-widget slot', () => {
  it('renders the widgets the features contribute, where their predicate holds', async () => {
    renderPage(<AppLayout menu={[]} />, { user: makeUser({}, { type: 'SUPPLIER' }), slots });
    expect(await screen.findByTestId('bell')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Profil' })).toBeInTheDocument();
  });

  it('not for callers the predicate excludes', async () => {
    renderPage(<AppLayout menu={[]} />, { user: makeUser({}, { type: 'ADMIN' }), slots });
    await screen.findByRole('link', { name: 'Profil' });
    expect(screen.queryByTestId('bell')).not.toBeInTheDocument();
  });
});
