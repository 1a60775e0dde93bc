import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './http/errors.js';
import { MOBILE_MANIFEST, mobileFiles, mobileWorker } from './mobile-worker.js';

/**
 * Serves the built clients: the desktop (index.html) at /app/ and the phone client (mobile.html) at
 * /app-mobile/ with its web app manifest and service worker. Unknown paths get the client's page so
 * its routes load, but a missing asset is a real 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'client build not found: run npm run build');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const mobileFile = path.join(clientDir, 'mobile.html');
  // A build from before the phone client had its own entry serves the desktop there too.
  const mobileHtml = existsSync(mobileFile) ? readFileSync(mobileFile, 'utf8') : indexHtml;
  const viteManifest = path.join(clientDir, '.vite', 'manifest.json');
  const worker = mobileWorker(mobileHtml, existsSync(viteManifest) ? mobileFiles(JSON.parse(readFileSync(viteManifest, 'utf8'))) : []);
  await app.register(fastifyStatic, { root: clientDir, prefix: '/app/', index: false, wildcard: false, decorateReply: false });

  const page = (html: string) => (_req: unknown, reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html').send(html);
  const isAssetRequest = (url: string) => /^\/app(-mobile)?\/assets\//.test(url) || /\.[a-z0-9]{2,5}$/i.test(url.split('?')[0]);

  app.get('/', (_req, reply) => reply.redirect('/app/'));
  app.get('/app-mobile/sw.js', (_req, reply) => reply.header('cache-control', 'no-cache').type('text/javascript').send(worker));
  app.get('/app-mobile/manifest.webmanifest', (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('application/manifest+json').send(JSON.stringify(MOBILE_MANIFEST)),
  );
  for (const [base, html] of [
    ['/app', indexHtml],
    ['/app-mobile', mobileHtml],
  ] as const) {
    app.get(base, (_req, reply) => reply.redirect(`${base}/`));
    app.get(`${base}/*`, (req, reply) => {
      if (isAssetRequest(req.url)) return reply.code(404).send(errorBody(404, 'Not found', 'NOT_FOUND'));
      return page(html)(req, reply);
    });
  }
}
