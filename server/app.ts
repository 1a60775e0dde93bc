import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { tileSource, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { ReadCache } from './db/read-cache.js';
import { errorBody, errorHandler } from './http/errors.js';
import { registerIdempotency, registerIdempotencySweep } from './http/idempotency.js';
import { registerRequestId, requestId, requestIdMixin } from './http/request-id.js';
import { serializeRequest } from './http/request-log.js';
import { registerRoutes } from './http/route.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { sharedRateLimitStore } from './http/shared-rate-limit.js';
import { attachSocketServer } from './realtime/socket-server.js';
import { allRoutes } from './modules/index.js';
import { registerCompanyExports } from './modules/company-export/index.js';
import { registerLocateExpiring } from './modules/locates/index.js';
import { registerDeliveryPurge, registerWebhookDeliveries } from './modules/webhooks/index.js';
import { registerPdfConversions } from './modules/pdf-optimiser/index.js';
import { sealStoredSensitive } from './modules/users/sensitive-fields.js';
import { createServices, type Services } from './services.js';
import { registerClient } from './static.js';
import { registerFileSweep } from './storage/file-sweep.js';
import { openObjectStore } from './storage/object-store.js';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
}

export const API_PREFIX = '/api/v1';

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Tokens, passwords, cookies and identity numbers never reach the log.
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.currentPassword', 'body.token', 'body.ssn', 'body.driversLicense'],
              censor: '[redacted]',
            },
            // URLs carry reset and invitation tokens: requests are logged by route pattern (server/http/request-log.ts).
            serializers: { req: serializeRequest },
            // Lines the services log during a request carry its reqId as well (server/http/request-id.ts).
            mixin: requestIdMixin,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // Every log line of a request carries its id as `reqId` (Fastify's child logger); see request-id.ts.
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: errorHandler,
    // Only behind a known proxy may X-Forwarded-For name the client; else anyone could dodge rate limits.
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerRequestId(app);

  const readCache = new ReadCache();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onWrite: (tables) => readCache.written(tables),
    log: app.log,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  await migrateToLatest(database.db, database.dialect);
  const storage = await openObjectStore(config);
  const services = createServices(config, database.db, database.dialect, app.log, readCache, storage);
  services.metrics.poolStats = database.poolStats;
  services.metrics.register(app);
  // Values stored before encryption, or under a retired key, are sealed under the current key.
  await sealStoredSensitive(database.db, services.fieldCipher);
  const stopSharingCache = config.redisUrl ? await readCache.shareThroughRedis(config.redisUrl, app.log) : null;
  app.addHook('onClose', async () => {
    // Running jobs finish before the mail transport and the database go away.
    await services.jobs.stop();
    await stopSharingCache?.();
    await services.readiness.close();
    services.mailer.close();
    storage.destroy?.();
    await database.close();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...[tileSource(services.config.mapTileUrl)].filter((src): src is string => !!src)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // With Redis, a limit holds across every process behind the proxy, not once per process.
  const sharedRates = config.redisUrl ? sharedRateLimitStore(config.redisUrl, config.jobQueueName, app.log) : null;
  if (sharedRates) app.addHook('onClose', async () => sharedRates.close());
  await app.register(rateLimit, {
    global: false,
    ...(sharedRates ? { store: sharedRates.Store } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      ...errorBody(429, 'Too many requests, please try again later.', 'RATE_LIMITED'),
      // @fastify/rate-limit throws what this returns; the error handler reads statusCode.
      statusCode: ctx.statusCode,
    }),
  });
  await app.register(multipart, { limits: { fileSize: config.maxUploadMb * 1024 * 1024, files: 20 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Fieldwork API', version: '1.0.0', description: 'Every call the Fieldwork client makes.' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token (POST /users/login answers it) or an API token of a company (`fwk_…`, created on the company page). An API token acts only in its company (X-Company-Id may be left out), with its own permissions, and cannot call the routes marked "Not with an API token"',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      registerIdempotency(api, services);
      registerRoutes(api, services, allRoutes);
      // The path is not repeated back: an answer never echoes what the caller put in the URL.
      api.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody(404, 'Route not found', 'NOT_FOUND')));
    },
    { prefix: API_PREFIX },
  );
  await registerClient(app, config.clientDir);
  await attachSocketServer(app, services);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody(404, 'Not found', 'NOT_FOUND')));
  registerFileSweep(services);
  registerIdempotencySweep(services);
  registerPdfConversions(app, services);
  registerCompanyExports(app, services);
  registerWebhookDeliveries(services);
  registerDeliveryPurge(services);
  registerLocateExpiring(services);
  await services.jobs.start();
  app.log.info({ driver: services.jobs.driver, runJobs: config.runJobs }, 'background jobs started');
  return { app, services, database };
}
