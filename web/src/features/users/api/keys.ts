import { resource } from '@/lib/query-keys';

/** the users (GET /user*) */
export const userKeys = {
  ...resource('users'),
  lastLogin: () => ['users', 'last-login'] as const,
};

/**
 * the companies as the user form's choice and the list's filter (GET /company/all): under the companies' resource,
 * so the companies feature's changes (invalidating ['companies']) refresh it
 */
export const companyKeys = {
  ...resource('companies'),
  choices: () => ['companies', 'all'] as const,
};
