import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { registerSecurityHeaders, securityHeaders } from '../../../server/http/security-headers.js';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
};

/** What helmet's own middleware leaves on a real response. */
function helmetOnResponse(options: HelmetOptions) {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'something');
  helmet(options)(res.req, res, () => undefined);
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
}

describe('security headers', () => {
  it("are the headers helmet's middleware sets, worked out once", () => {
    const headers = securityHeaders(OPTIONS);
    expect(headers).toEqual(helmetOnResponse(OPTIONS));
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('are on every response: answers, errors and unknown routes', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    const expected = securityHeaders(OPTIONS);
    for (const url of ['/ok', '/fails', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${name} on ${url}`).toBe(value);
    }
    await app.close();
  });
});
