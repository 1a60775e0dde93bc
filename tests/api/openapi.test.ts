import { allRoutes } from '../../server/modules/index.js';
import { describeEachDatabase } from './harness.js';

/** '/companies/:companyId/roles' as OpenAPI writes it under the API prefix: '/api/v1/companies/{companyId}/roles'. */
const openApiPath = (url: string) => `/api/v1${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

describeEachDatabase('OpenAPI document', (server) => {
  it('answers an OpenAPI 3 document at /api/v1/docs/json', async () => {
    const res = await server().call('GET', '/api/v1/docs/json');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/application\/json/);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.info).toMatchObject({ title: 'Fieldwork API' });
    expect(typeof res.body.paths).toBe('object');
  });

  it('documents every route of allRoutes, each with its method', async () => {
    expect(allRoutes.length).toBeGreaterThan(10);
    const { body } = await server().call('GET', '/api/v1/docs/json');
    const missing: string[] = [];
    for (const route of allRoutes) {
      const path = openApiPath(route.url);
      const operation = body.paths?.[path]?.[route.method.toLowerCase()];
      if (!operation) missing.push(`${route.method} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it('names path parameters the way the paths do', async () => {
    const { body } = await server().call('GET', '/api/v1/docs/json');
    for (const route of allRoutes.filter((r) => r.url.includes(':'))) {
      const path = openApiPath(route.url);
      const operation = body.paths[path][route.method.toLowerCase()];
      const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name).sort();
      const inPath = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      expect(declared, `${route.method} ${path}`).toEqual(inPath);
    }
  });
});
