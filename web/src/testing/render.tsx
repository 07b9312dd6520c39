import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import type { Company } from '@model/company';
import { AVB_VERSION, PRIVACY_VERSION } from '@model/consent';
import type { User } from '@model/user';
import { FEATURES } from '@/app/features';
import { theme } from '@/config/theme';
import { CurrentUserContext } from '@/lib/current-user/current-user-context';
import { createQueryClient, queryConfig } from '@/lib/react-query';
import { preloadSlots, slotsOf, SlotsProvider, type Slots } from '@/lib/slots';

/**
 * The app's composition slots (record panels, header widgets), as the signed-in app provides them from `FEATURES`:
 * a record page under test shows the panels other features attach to it, like in the app.
 */
const APP_SLOTS: Slots = slotsOf(FEATURES);

/**
 * Loads the code of every panel and widget of the app's slots: call it in `beforeAll` of a test that renders a
 * record page, so the panels render with the page instead of after a lazy chunk (tests wait on events, not on
 * how fast a chunk loads).
 */
export function preloadAppSlots(): Promise<void> {
  return preloadSlots(APP_SLOTS);
}

/** A fresh QueryClient per test: the app's defaults, but no retries (a failed answer is final at once). */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ ...queryConfig, queries: { ...queryConfig.queries, retry: false } });
}

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface RenderOptions {
  route?: string;
  state?: unknown;
  /** the route pattern the element is mounted at (default '*') */
  path?: string;
  user?: User & { company: Company };
  /** observes CurrentUser.setUser / logout */
  setUser?: (user: User & { company: Company }) => void;
  logout?: () => Promise<void>;
  /** the query cache (default: a fresh one) */
  queryClient?: QueryClient;
  /** the composition slots (default: the app's, APP_SLOTS) */
  slots?: Slots;
}

/**
 * Renders with theme, query cache, the app's slots, router (plus a location probe), toasts and optionally a
 * signed-in user.
 */
export function renderPage(
  ui: ReactElement,
  {
    route = '/',
    state,
    path = '*',
    user,
    setUser,
    logout,
    queryClient = createTestQueryClient(),
    slots = APP_SLOTS,
  }: RenderOptions = {},
) {
  const tree = (
    <SlotsProvider slots={slots}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <MemoryRouter
            initialEntries={[
              { pathname: route.split('?')[0], search: route.includes('?') ? `?${route.split('?')[1]}` : '', state },
            ]}
          >
            <Routes>
              <Route path={path} element={ui} />
              {path !== '*' && <Route path="*" element={null} />}
            </Routes>
            <LocationProbe />
          </MemoryRouter>
          <ToastContainer />
        </ThemeProvider>
      </QueryClientProvider>
    </SlotsProvider>
  );
  const wrapped = user ? (
    <CurrentUserContext.Provider
      value={{
        user,
        setUser: setUser ?? (() => undefined),
        reload: async () => undefined,
        logout: logout ?? (async () => undefined),
      }}
    >
      {tree}
    </CurrentUserContext.Provider>
  ) : (
    tree
  );
  return { ...render(wrapped), queryClient };
}

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 'c1',
    name: 'Müller Maschinenbau GmbH',
    type: 'CUSTOMER',
    active: true,
    pendingRegistration: false,
    address: { street: 'Hauptstraße', houseNo: '1', zip: '80331', city: 'München' },
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}, company: Partial<Company> = {}): User & { company: Company } {
  const c = makeCompany(company);
  return {
    id: 'u1',
    name: 'Max',
    lastname: 'Muster',
    mail: 'max@firma.de',
    phoneNumber: '+49-89-1',
    admin: true,
    companyId: c.id,
    permissions: [],
    passwordChangeNeeded: false,
    loginCounter: 1,
    // the versions in force: a customer's user is not asked again (features/legal AvbConsentDialog)
    acceptedTerms: {
      avb: { version: AVB_VERSION, acceptedAt: new Date('2026-01-05T08:00:00Z') },
      privacy: { version: PRIVACY_VERSION, acceptedAt: new Date('2026-01-05T08:00:00Z') },
    },
    ...overrides,
    company: c,
  };
}
