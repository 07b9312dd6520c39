import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Types a day into a FormDateField (the MUI X date picker) the way a person does: into its day section, digits only,
 * German order - `typeDay(user, /^Wunschliefertermin/, '03052027')` for 3 May 2027.
 */
export async function typeDay(user: UserEvent, label: RegExp, digits: string, container: HTMLElement = document.body) {
  const group = within(container).getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]);
  await user.keyboard(digits);
}
