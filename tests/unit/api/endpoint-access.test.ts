import { describeAccess, tokenRefusal } from '../../../server/http/route.js';
import { allRoutes } from '../../../server/modules/index.js';

/**
 * Who can reach what, one line per endpoint. A change to any endpoint's access shows up as a diff of
 * the snapshot file, to be reviewed like code (update with `npx vitest run --project unit -u`).
 */
describe('endpoint access', () => {
  it('matches the reviewed snapshot', async () => {
    const lines = allRoutes
      .map((r) => `${r.method.padEnd(6)} /api/v1${r.url}  ->  ${describeAccess(r.access)}${r.rateLimited === 'public' ? '  (rate limited: PUBLIC_RATE_LIMIT)' : r.rateLimited ? '  (rate limited)' : ''}${tokenRefusal(r, false) ? '  (no API tokens)' : ''}`)
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./endpoint-access.snap.txt');
  });

  it('names the company and permission of company-scoped access', () => {
    expect(describeAccess('member')).toBe('member');
    expect(describeAccess({ permission: 'crews:manage' })).toBe('crews:manage');
    expect(describeAccess({ permission: 'locate-view' })).toBe('locate-view (derived: locate-manage or crews:manage)');
    expect(describeAccess({ company: 'id' })).toBe('member of company :id');
    expect(describeAccess({ company: 'companyId', permission: 'roles:manage' })).toBe('roles:manage in company :companyId');
  });

  it('declares each method and path once', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
