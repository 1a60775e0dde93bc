import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Adds a condition through a grid's filter bar: its column, its operator in words, a value typed or picked. */
export async function addFilter(user: UserEvent, bar: HTMLElement, column: string, operator: string, value: { type: string } | { pick: string }) {
  await user.click(within(bar).getByRole('button', { name: 'Add filter' }));
  const form = await screen.findByRole('form', { name: 'Add filter' });
  await user.click(within(form).getByRole('combobox', { name: 'Column' }));
  await user.click(await screen.findByRole('option', { name: column }));
  await user.click(within(form).getByRole('combobox', { name: 'Operator' }));
  await user.click(await screen.findByRole('option', { name: operator }));
  if ('type' in value) {
    await user.type(within(form).getByLabelText('Value'), value.type);
  } else {
    // The value's picker: the form's third choice, after column and operator.
    await user.click(within(form).getAllByRole('combobox')[2]!);
    await user.click(await screen.findByRole('option', { name: value.pick }));
  }
  await user.click(within(form).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Add filter' })).not.toBeInTheDocument());
}
