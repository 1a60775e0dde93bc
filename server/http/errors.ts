import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import { isUniqueViolation } from '../db/constraint-errors.js';
import { StorageUnavailableError } from '../storage/storage-errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';

export class AppError extends Error {
  /**
   * On a 409, the row as it is now (set by a route that declares `current`, server/http/route.ts),
   * answered as `error.current`: a client that wrote offline shows both versions.
   */
  current?: unknown;

  constructor(
    public statusCode: number,
    message: string,
    public code: string,
    public details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, message, 'BAD_REQUEST', details);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'You do not have the necessary permissions to perform this action.') =>
  new AppError(403, message, 'FORBIDDEN');
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`, 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, message, code);

/** Seconds a client is asked to wait after a 503 DATABASE_UNAVAILABLE: about a database restart. */
export const DATABASE_RETRY_AFTER_S = 5;

export function errorBody(statusCode: number, message: string, code: string, details?: unknown, current?: unknown) {
  const error = {
    statusCode,
    message,
    code,
    ...(details === undefined ? {} : { details }),
    ...(current === undefined ? {} : { current }),
  };
  return { error, statusCode, message };
}

interface ZodIssueLike {
  path?: PropertyKey[];
  instancePath?: string;
  message: string;
  /** The zod issue code, and (for a record key) its own issues: zod's message says only "Invalid key in record". */
  keyword?: string;
  params?: { issues?: Array<{ message: string }> };
}

/** Per-field details from the zod issues fastify-type-provider-zod attaches to a validation error. */
function fieldDetails(validation: ZodIssueLike[], context: string | undefined) {
  return validation.map((issue) => {
    const path = issue.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : (issue.path ?? []).join('.');
    const keyIssue = issue.keyword === 'invalid_key' ? issue.params?.issues?.[0] : undefined;
    const message = keyIssue ? `Key: ${keyIssue.message}` : issue.message;
    return { field: path || context || '', message };
  });
}

export function sendError(reply: FastifyReply, err: AppError) {
  return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message, err.code, err.details, err.current));
}

/**
 * Fastify's client errors whose own message repeats the request's path or a header: answered in
 * words of ours. An over-long path segment (Fastify's 414) is bad input like any other: 400.
 */
const ECHOING_FRAMEWORK_ERRORS = new Map<string, AppError>([
  ['FST_ERR_BAD_URL', badRequest('The address is not a valid URL')],
  ['FST_ERR_MAX_PARAM_LENGTH', badRequest('A part of the address is too long')],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', new AppError(415, 'Unsupported content type: send application/json', 'UNSUPPORTED_MEDIA_TYPE')],
]);

/** Also Fastify's frameworkErrors handler, so errors raised before routing (bad URL, long param) share the shape. */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, req.id);
  if (err instanceof AppError) return sendError(reply, err);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = fieldDetails(err.validation as unknown as ZodIssueLike[], err.validationContext);
    const first = details[0];
    const message = first ? `${first.field ? `${first.field}: ` : ''}${first.message}` : 'Invalid request';
    return sendError(reply, badRequest(message, details));
  }
  if (err instanceof StorageUnavailableError) {
    // Before the database check: the S3 client's ECONNREFUSED would otherwise read as the database's.
    req.log.warn({ reason: err.reason }, 'file storage unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return sendError(reply, new AppError(503, err.message, err.code));
  }
  if (isDatabaseUnavailable(err)) {
    // The driver's words stay in the log: they name the database's state, not something the caller did.
    const { code, message } = err as { code?: unknown; message?: unknown };
    req.log.warn({ code, reason: message }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return sendError(reply, new AppError(503, 'The database is not reachable right now. Try again in a moment.', 'DATABASE_UNAVAILABLE'));
  }
  // Two requests raced past a service's own check: the database's constraint has the last word.
  if (isUniqueViolation(err)) return sendError(reply, conflict('This already exists', 'CONFLICT'));
  if (isResponseSerializationError(err)) {
    req.log.error({ err: err.cause }, 'response did not match its schema');
    return sendError(reply, new AppError(500, 'Internal server error', 'INTERNAL'));
  }
  const status = err.statusCode ?? 500;
  if (status === 429) return sendError(reply, new AppError(429, 'Too many requests, please try again later.', 'RATE_LIMITED'));
  if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
    return sendError(reply, new AppError(413, 'The upload is too large', 'PAYLOAD_TOO_LARGE'));
  }
  const echoing = err.code ? ECHOING_FRAMEWORK_ERRORS.get(err.code) : undefined;
  if (echoing) return sendError(reply, echoing);
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, an empty body): their message names no internals.
    return sendError(reply, new AppError(status, err.message, err.code ?? 'BAD_REQUEST'));
  }
  req.log.error({ err }, 'unhandled error');
  return sendError(reply, new AppError(500, 'Internal server error', 'INTERNAL'));
}
