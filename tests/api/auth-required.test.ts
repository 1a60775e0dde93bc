import { allRoutes } from '../../server/modules/index.js';
import { describeEachDatabase } from './harness.js';

const protectedRoutes = allRoutes.filter((r) => r.access !== 'public');
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describeEachDatabase('every protected endpoint refuses a call without a valid session', (server) => {
  it.each(protectedRoutes.map((r) => [r.method, r.url] as const))('%s %s answers 401', async (method, url) => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await server().call(method, `/api/v1${concrete(url)}`, { token, body: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: { statusCode: 401, code: 'UNAUTHORIZED' } });
    }
  });
});
