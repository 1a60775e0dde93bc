import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/constraint-errors.js';

export class AppError extends Error {
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

export function errorBody(statusCode: number, message: string, code: string, details?: unknown) {
  const error = details === undefined ? { statusCode, message, code } : { statusCode, message, code, details };
  return { error, statusCode, message };
}

interface ZodIssueLike {
  path?: PropertyKey[];
  instancePath?: string;
  message: string;
}

/** Per-field details from the zod issues fastify-type-provider-zod attaches to a validation error. */
function fieldDetails(validation: ZodIssueLike[], context: string | undefined) {
  return validation.map((issue) => {
    const path = issue.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : (issue.path ?? []).join('.');
    return { field: path || context || '', message: issue.message };
  });
}

export function sendError(reply: FastifyReply, err: AppError) {
  return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message, err.code, err.details));
}

export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) return sendError(reply, err);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = fieldDetails(err.validation as unknown as ZodIssueLike[], err.validationContext);
    const first = details[0];
    const message = first ? `${first.field ? `${first.field}: ` : ''}${first.message}` : 'Invalid request';
    return sendError(reply, badRequest(message, details));
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
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, wrong content type): their message names no internals.
    return sendError(reply, new AppError(status, err.message, err.code ?? 'BAD_REQUEST'));
  }
  req.log.error({ err }, 'unhandled error');
  return sendError(reply, new AppError(500, 'Internal server error', 'INTERNAL'));
}
