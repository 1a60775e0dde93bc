import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine } from '@refinedev/core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { AssignableRolePicker } from '../../src/components/AssignableRolePicker';
import { dataProvider } from '../../src/providers/data-provider';
import { fakeToken } from './fixtures';

const role = (id: number, name: string, isDefault: boolean) => ({ id, name, companyId: 7, scopeType: 'company', scopeId: 7, isDefault, assignable: true, permissions: [] });
const requested: string[] = [];
const server = setupServer(
  http.get('/api/v1/roles/company/7/assignable', ({ request }) => {
    requested.push(new URL(request.url).pathname);
    const roles = [role(2, 'ProjectManager', true), role(8, 'Member', true), role(12, 'Estimator', false)];
    return HttpResponse.json(roles, { headers: { 'X-Total-Count': '3' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localStorage.setItem('fieldwork.accessToken', fakeToken()));
afterAll(() => server.close());

let picked: Array<number | null> = [];
function Harness() {
  const [value, setValue] = useState<number | null>(8);
  return (
    <AssignableRolePicker
      companyId={7}
      value={value}
      onChange={(v) => {
        picked.push(v);
        setValue(v);
      }}
    />
  );
}

describe('AssignableRolePicker', () => {
  it('offers only the assignable roles, labelled, and hands back the chosen role id', async () => {
    render(
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
        <Harness />
      </Refine>,
    );
    const select = await screen.findByRole('combobox', { name: 'Role' });
    expect(await within(select).findByText('Member')).toBeInTheDocument();
    await userEvent.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Project Manager', 'Member', 'Estimator']);
    await userEvent.click(screen.getByRole('option', { name: 'Estimator' }));
    expect(picked).toEqual([12]);
    expect(requested.every((p) => p === '/api/v1/roles/company/7/assignable')).toBe(true);
  });
});
