import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';
import { AppError } from '../lib/errors.ts';

/** Turns every failure into `{"error": "..."}` with the right status; 5xx bodies reveal nothing. */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return reply.code(err.statusCode).headers(err.headers).send({ error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message = first?.message && !/^Invalid input/.test(first.message) ? first.message : describeIssue(first);
      return reply.code(400).send({ error: message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, url: request.url }, 'response did not match its schema');
      return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ error: 'Too many requests. Please wait a moment and try again.' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ error: 'The request body is not valid JSON' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ error: 'Send the request as JSON or multipart form data' });
    }
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ error: 'The file is too large (at most 15 MB)' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: err.message || 'The request could not be processed' });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

function describeIssue(issue: { instancePath?: string; message?: string; params?: unknown } | undefined): string {
  if (!issue) return 'The request is not valid';
  const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return field ? `${field} is not valid` : issue.message || 'The request is not valid';
}
