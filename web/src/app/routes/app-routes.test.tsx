import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '@/config/theme';
import { ErrorPage } from '@/components/errors/error-page';
import { CurrentUserContext } from '@/lib/current-user/current-user-context';
import { mockFetch } from '@/testing/fetch-mock';
import { preload } from '@/lib/lazy';
import { createTestQueryClient, LocationProbe, makeUser } from '@/testing/render';
import { AppRoutes } from './app-routes';
import { PUBLIC_ROUTES } from './public-routes';
import { APP_ROUTES, elementFor, routesFor, type RoutePrincipal } from './route-table';

// The signed-in shell and the pages are lazy chunks: load the ones these tests render up front, so each test waits
// for what it asserts (a redirect, a text), never for a chunk to arrive within a findBy* timeout.
beforeAll(async () => {
  await Promise.all([
    import('@/components/layout/app-layout'),
    ...[
      '/enquiry',
      '/profile',
      '/login',
      '/imprint',
      '/privacy',
      '/business-data/invite/:id',
      '/business-data/:id',
    ].map((path) => preload(elementFor(path))),
    // the folder page picks its signed-in view lazily
    import('@/features/business-data/components/internal-folder-page'),
    // signed out, an unknown path: the check whether it is a signed-in page
    import('./signed-in-path-check'),
  ]);
});

const customer: RoutePrincipal = {
  companyType: 'CUSTOMER',
  admin: false,
  passwordChangeNeeded: false,
  pendingRegistration: false,
};

function show(path: string, principal: RoutePrincipal | null) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {principal ? (
              <AppRoutes table={routesFor(principal)} signedIn routes={APP_ROUTES} />
            ) : (
              <AppRoutes table={PUBLIC_ROUTES.routesFor(null)} signedIn={false} routes={PUBLIC_ROUTES} />
            )}
            <LocationProbe />
          </>
        ),
        errorElement: <ErrorPage />,
      },
    ],
    { initialEntries: [path] },
  );
  // the built areas' pages load their data: an empty API and a signed-in customer behind the routes
  mockFetch((c) => (c.url.startsWith('/api/enquiry/filter') ? { body: { content: [], totalElements: 0 } } : undefined));
  const session = {
    user: makeUser(),
    setUser: () => undefined,
    reload: async () => undefined,
    logout: async () => undefined,
  };
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      {/* signed out, like the app: no current user (pages that serve both, e.g. the project folder, ask for it) */}
      <CurrentUserContext.Provider value={principal ? session : null}>
        <ThemeProvider theme={theme}>
          <RouterProvider router={router} />
        </ThemeProvider>
      </CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location');

describe('AppRoutes', () => {
  it('signed in: index redirects per table, header shows the role menu', async () => {
    show('/', customer);
    // the enquiry area is built (issue 8): its list page instead of the placeholder
    expect(await screen.findByText('Keine Anfragen vorhanden.')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/enquiry');
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    const shown = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    // every entry the features declare for this role, in FEATURES order (route-table.test.ts checks which) ...
    expect(shown).toEqual(routesFor(customer).menu.map((m) => i18next.t(m.labelKey)));
    // ... with the spec's entries in the spec's order
    const spec = ['Anfragen', 'Angebote', 'Aufträge', 'Jobs'];
    expect(shown.filter((label) => spec.includes(label ?? ''))).toEqual(spec);
    expect(screen.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile');
    const booking = screen.getByRole('link', { name: 'Beratungstermin buchen' });
    expect(booking).toHaveAttribute('target', '_blank');
  });

  it('signed in: unknown paths show the not-found text; /register redirects to /profile', async () => {
    show('/company', customer);
    expect(await screen.findByText('Seite nicht gefunden')).toBeInTheDocument();
  });

  it('signed in at /login (right after the sign-in): to /business-data/{id} when an id was given', async () => {
    mockFetch((c) =>
      c.url === '/api/offer/businessdata?offerId=offer-7' ? { status: 404, body: { code: 'notFound' } } : undefined,
    );
    show('/login?id=offer-7', customer);
    await waitFor(() => expect(location()).toHaveTextContent('/business-data/offer-7'));
    // the folder page itself (here: the folder does not exist for this caller)
    expect(await screen.findByTestId('record-notFound')).toBeInTheDocument();
  });

  it('restricted mode: every path leads to /profile', async () => {
    show('/enquiry/123', { ...customer, pendingRegistration: true });
    await waitFor(() => expect(location()).toHaveTextContent('/profile'));
    expect(screen.queryByRole('navigation', { name: 'Hauptmenü' })?.querySelectorAll('a').length ?? 0).toBe(0);
  });

  it('signed out: index goes to /login, unknown paths show the invite placeholder', async () => {
    show('/', null);
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
  });

  it('signed out at a signed-in page (a mail link): to the sign-in, which keeps the address', async () => {
    show('/offer/o-7?tab=docs', null);
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login?next=%2Foffer%2Fo-7%3Ftab%3Ddocs');
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
  });

  it('signed out at a list or an area not built yet: to the sign-in as well', async () => {
    show('/order', null);
    await waitFor(() => expect(location()).toHaveTextContent('/login?next=%2Forder'));
  });

  it('signed in at /login?next=…: on to that address (the record of the mail link)', async () => {
    show('/login?next=%2Fenquiry%3Fq%3D1', customer);
    await waitFor(() => expect(location()).toHaveTextContent('/enquiry?q=1'));
  });

  it('signed in at /login?next= of another origin: not followed, to / as without one', async () => {
    show('/login?next=%2F%2Fevil.example%2Foffer%2F1', customer);
    expect(await screen.findByText('Keine Anfragen vorhanden.')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/enquiry$/);
  });

  it("signed out: an unknown path renders the invite screen (spec 2: the invitees' sign-in)", async () => {
    show('/irgendwas', null);
    expect(await screen.findByRole('heading', { name: 'Anmeldung für eingeladene Benutzer' })).toBeInTheDocument();
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/irgendwas');
  });

  it('signed out: the unknown-path screen has the sign-in layout and a way to the sign-in', async () => {
    show('/irgendwas', null);
    await screen.findByRole('heading', { name: 'Anmeldung für eingeladene Benutzer' });
    const links = screen.getAllByRole('link', { name: 'Zur Anmeldung' });
    expect(links.length).toBeGreaterThan(0);
    links.forEach((l) => expect(l).toHaveAttribute('href', '/login'));
    expect(screen.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
    expect(screen.getByTestId('version')).toBeInTheDocument();
  });

  it('signed out: a legal page has the sign-in layout (app name to the sign-in, footer, version)', async () => {
    show('/imprint', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schrankwerk' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('version')).toBeInTheDocument();
  });

  it('restricted mode (registration pending): the legal pages open instead of leading to /profile', async () => {
    show('/privacy', { ...customer, pendingRegistration: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/privacy');
  });
});
