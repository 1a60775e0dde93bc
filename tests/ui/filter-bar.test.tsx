import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FilterBar, FilterDayRange, FilterSelect } from '../../src/components/FilterBar';
import { setViewportWidth } from './shell-fixtures';

// The bar above the productions and tasks grids.
const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
];
const changes: unknown[] = [];

function Harness({ crewId = '' }: { crewId?: string }) {
  const [status, setStatus] = useState('open');
  const [range, setRange] = useState({ from: '2026-03-01', to: '' });
  const count = (status ? 1 : 0) + (range.from ? 1 : 0) + (range.to ? 1 : 0);
  return (
    <FilterBar
      label="Filter things"
      count={count}
      onClear={() => {
        setStatus('');
        setRange({ from: '', to: '' });
      }}
    >
      <FilterSelect label="Status" any="Any status" value={status} options={STATUSES} onChange={setStatus} minWidth={150} />
      <FilterSelect label="Crew" any="Any crew" value={crewId} options={[{ value: '1', label: 'North crew' }]} onChange={() => {}} minWidth={150} unknown={(id) => `Crew ${id}`} />
      <FilterDayRange
        labels={['From', 'To']}
        from={range.from}
        to={range.to}
        onChange={(change) => {
          changes.push(change);
          setRange((r) => ({ ...r, ...change }));
        }}
      />
    </FilterBar>
  );
}

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
  changes.length = 0;
});

describe('FilterBar', () => {
  it('shows the filters in a search row, hands back each change, and Clear filters empties them and goes', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    render(<Harness />);
    const bar = screen.getByRole('search', { name: 'Filter things' });
    expect(within(bar).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Open');
    await user.type(within(bar).getByLabelText('To'), '2026-03-31');
    expect(changes.at(-1)).toEqual({ to: '2026-03-31' });
    await user.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    expect(within(bar).getByLabelText('From')).toHaveValue('');
    expect(within(bar).getByRole('combobox', { name: 'Status' })).not.toHaveTextContent('Open');
    expect(within(bar).queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('keeps a chosen value that is no longer offered under its name', () => {
    setViewportWidth(1280);
    render(<Harness crewId="9" />);
    expect(screen.getByRole('combobox', { name: 'Crew' })).toHaveTextContent('Crew 9');
  });

  it('folds under Filters with the count on a phone, and opens by its button', async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('search', { name: 'Filter things' })).toBeInTheDocument();
  });
});
