import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './http/errors.js';

/**
 * Serves the built client at /app/ and /app-mobile/ (the same build: the router picks its base from
 * the URL). Unknown paths get index.html so client routes load, but a missing asset is a real 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'client build not found: run npm run build');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, { root: clientDir, prefix: '/app/', index: false, wildcard: false, decorateReply: false });

  const sendIndex = (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  const isAssetRequest = (url: string) => /^\/app(-mobile)?\/assets\//.test(url) || /\.[a-z0-9]{2,5}$/i.test(url.split('?')[0]);

  app.get('/', (_req, reply) => reply.redirect('/app/'));
  for (const base of ['/app', '/app-mobile']) {
    app.get(base, (_req, reply) => reply.redirect(`${base}/`));
    app.get(`${base}/*`, (req, reply) => {
      if (isAssetRequest(req.url)) return reply.code(404).send(errorBody(404, 'Not found', 'NOT_FOUND'));
      return sendIndex(req, reply);
    });
  }
}
