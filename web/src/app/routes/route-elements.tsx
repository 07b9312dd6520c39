import { lazy, type ComponentType } from 'react';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { LEGAL_PAGES } from './legal-pages';

const page = <M,>(load: () => Promise<M>, name: keyof M) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

/**
 * Path pattern -> page component. Patterns of the route tables that are missing here render the
 * ComingSoonPage placeholder ("Dieser Bereich folgt in Kürze."): enquiries, offers, orders, jobs, business
 * data (incl. the anonymous and invite views), messages, articles, field values and imports arrive with
 * later issues - each adds its pages here.
 */
export const ROUTE_ELEMENTS: Record<string, ComponentType> = {
  '/login': page(() => import('@/features/auth/components/login-page'), 'LoginPage'),
  '/forget': page(() => import('@/features/auth/components/forget-page'), 'ForgetPage'),
  '/reset': page(() => import('@/features/auth/components/reset-page'), 'ResetPage'),
  '/action': page(() => import('@/features/auth/components/action-page'), 'ActionPage'),
  '/register': page(() => import('@/features/auth/components/register-wizard'), 'RegisterWizard'),
  '/profile': page(() => import('@/features/profile/components/profile-page'), 'ProfilePage'),
  '/user': page(() => import('@/features/users/components/user-list-page'), 'UserListPage'),
  '/user/:id': page(() => import('@/features/users/components/user-form-page'), 'UserFormPage'),
  '/company': page(() => import('@/features/companies/components/company-list-page'), 'CompanyListPage'),
  '/company/:id': page(() => import('@/features/companies/components/company-form-page'), 'CompanyFormPage'),
  ...LEGAL_PAGES,
};

export function elementFor(path: string): ComponentType {
  return ROUTE_ELEMENTS[path] ?? ComingSoonPage;
}

/** Signed-out pages that bring their own (card) layout. */
export const SIGNED_OUT_OWN_LAYOUT = ['/login', '/forget', '/reset', '/action', '/register'];
