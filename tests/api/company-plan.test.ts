import { setCompanyPlan } from '../../server/modules/companies/plan-service.js';
import { describeEachDatabase, ownerWithCompany } from './harness.js';

const API = '/api/v1';

describeEachDatabase('companies: plan set by the operator', (server) => {
  it('switches the plan the toolbar badge reads, once, with an audit entry and no acting user', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const id = owner.company.id;
    expect(await setCompanyPlan(s.services, id, 'paid')).toEqual({ changed: true, name: owner.company.name });
    expect(await setCompanyPlan(s.services, id, 'paid')).toEqual({ changed: false, name: owner.company.name });
    const me = await s.call('GET', `${API}/users/me`, { token: owner.token });
    expect(me.body.user.memberships[0].company.plan).toBe('paid');
    const activity = await s.call('GET', `${API}/companies/${id}/activity?action=updated`, { token: owner.token });
    expect(activity.body).toHaveLength(1);
    expect(activity.body[0]).toMatchObject({ actor: null, changes: { plan: { from: 'free', to: 'paid' } } });
    // The plan is not something a company edits itself.
    expect((await s.call('PATCH', `${API}/companies/${id}`, { token: owner.token, body: { plan: 'free' } })).status).toBe(400);
  });

  it('refuses a deleted or unknown company', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    await s.call('DELETE', `${API}/companies/${owner.company.id}`, { token: owner.token });
    await expect(setCompanyPlan(s.services, owner.company.id, 'paid')).rejects.toMatchObject({ statusCode: 404 });
    await expect(setCompanyPlan(s.services, 99999999, 'paid')).rejects.toMatchObject({ statusCode: 404 });
  });
});
