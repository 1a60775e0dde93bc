import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { z } from 'zod';
import { defineResource, type ResourceField } from '../../resources/engine';
import type { Condition } from '../../src/engine/filter-model';
import { FilterBar, type FieldEditor } from '../../src/engine/FilterBar';
import { setViewportWidth } from './shell-fixtures';

// The one bar above every grid, on its own: a resource's declared fields, a page's own editor for one of them.
const fields: ResourceField[] = [
  { name: 'status', label: 'Status', kind: 'select', options: [{ value: 'open', label: 'Open' }, { value: 'done', label: 'Done' }] },
  { name: 'count', label: 'Count', kind: 'integer' },
  { name: 'active', label: 'Active', kind: 'boolean' },
  { name: 'crewId', label: 'Crew', kind: 'reference', reference: { resource: 'crews', labelField: 'name' }, filters: ['equals'] },
  { name: 'secret', label: 'Secret', kind: 'text', filters: [] },
];
const def = defineResource({
  name: 'things',
  entityType: 'thing',
  navId: 'things',
  label: 'Things',
  singular: 'Thing',
  titleField: 'status',
  fields,
  create: z.object({}),
  update: z.object({}),
  paths: { list: '/things', create: '/things', item: '/things/:id' },
  permissions: { view: 'things:view', manage: 'things:manage' },
  messages: { created: '', saved: '', deleted: '' },
  defaultSort: { field: 'status', order: 'asc' },
});
const CREWS = [{ id: 9, name: 'North crew' }];
const editors: Record<string, FieldEditor> = {
  crewId: {
    Input: ({ value, onChange }) => (
      <select aria-label="Crew" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {CREWS.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
    ),
    Label: ({ value }) => <>{CREWS.find((c) => String(c.id) === value)?.name ?? value}</>,
  },
};

let latest: Condition[] = [];
function Harness({ initial = [] }: { initial?: Condition[] }) {
  const [value, setValue] = useState<Condition[]>(initial);
  return (
    <FilterBar
      def={def}
      value={value}
      editors={editors}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

beforeEach(() => {
  latest = [];
});

describe('FilterBar', () => {
  it('adds a condition with the keyboard alone: Add filter, column, operator, value, Enter', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    render(<Harness />);
    const bar = screen.getByRole('search', { name: 'Filter things' });
    within(bar).getByRole('button', { name: 'Add filter' }).focus();
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Add filter' });
    // The column choice has the focus; the choices are the declared fields only.
    expect(within(form).getByRole('combobox', { name: 'Column' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Status', 'Count', 'Active', 'Crew']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Column' })).toHaveTextContent('Count'));
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['equals', 'is not', 'greater than', 'at least', 'less than', 'at most']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await user.tab();
    await user.keyboard('12{Enter}');
    expect(latest).toEqual([{ field: 'count', op: 'gt', value: '12' }]);
    expect(await within(bar).findByRole('button', { name: 'Count greater than 12' })).toBeInTheDocument();
  });

  it('edits a value by its kind: options by their names, yes or no, the page’s own picker named on its chip', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    render(<Harness initial={[{ field: 'status', op: 'ne', value: 'done' }, { field: 'active', op: 'equals', value: 'true' }]} />);
    const bar = screen.getByRole('search', { name: 'Filter things' });
    expect(within(bar).getByRole('button', { name: 'Status is not Done' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Active is Yes' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Add filter' }));
    const form = await screen.findByRole('form', { name: 'Add filter' });
    await user.click(within(form).getByRole('combobox', { name: 'Column' }));
    await user.click(await screen.findByRole('option', { name: 'Crew' }));
    // Nothing to apply until a value is chosen.
    expect(within(form).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Crew' }), 'North crew');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(bar).findByRole('button', { name: 'Crew is North crew' })).toBeInTheDocument();
    expect(latest.map((c) => c.field)).toEqual(['status', 'active', 'crewId']);

    // Editing a chip opens its condition; Cancel leaves it as it was.
    await user.click(within(bar).getByRole('button', { name: 'Status is not Done' }));
    const edit = await screen.findByRole('form', { name: 'Edit filter' });
    expect(within(edit).getByRole('combobox', { name: 'Column' })).toHaveTextContent('Status');
    expect(within(edit).getByRole('combobox', { name: 'Operator' })).toHaveTextContent('is not');
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(latest).toHaveLength(3);
  });
});
