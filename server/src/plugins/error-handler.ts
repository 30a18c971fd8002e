import type { Duplex } from 'node:stream';
import { UPLOAD_MESSAGES } from '@memory-map/shared';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';
import { AppError, BadRequestError } from '../lib/errors.ts';

/** Turns every failure into `{"error": "..."}` with the right status; 5xx bodies reveal nothing. */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return reply.code(err.statusCode).headers(err.headers).send({ error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message =
        first?.message && !/^(Invalid input|Too (big|small))/.test(first.message)
          ? first.message
          : describeIssue(first, err.validationContext);
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
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: 'The request is too large (at most 1 MB of JSON)' });
    }
    // Uploads read their parts through media/multipart.ts, which words these itself; this is
    // the same wording for any that escaped it. Not every 413 is about a file's size.
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ error: UPLOAD_MESSAGES.fileTooLarge });
    if (err.code === 'FST_FILES_LIMIT') return reply.code(413).send({ error: UPLOAD_MESSAGES.oneFile });
    if (err.code === 'FST_FIELDS_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send({ error: UPLOAD_MESSAGES.tooManyFields });
    }
    if (status === 413) return reply.code(413).send({ error: 'The request is too large' });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: err.message || 'The request could not be processed' });
    }
    // PostgreSQL refuses NUL and invalid byte sequences in text; that is bad input, not our failure.
    const pgCode = (err as { code?: string }).code;
    if (pgCode === '22021' || pgCode === '22P05') {
      return reply.code(400).send({ error: INVALID_CHARACTERS_MESSAGE });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'The request body must be a JSON object',
  querystring: 'The query string is not valid',
  params: 'The address is not valid',
};

function describeIssue(issue: { instancePath?: string; message?: string } | undefined, context?: string): string {
  const field = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (field) return `${field} is not valid`;
  return CONTEXT_NAMES[context ?? ''] ?? 'The request is not valid';
}

export const INVALID_CHARACTERS_MESSAGE = 'Text must not contain invalid characters';

/**
 * NUL characters are never meaningful in our text and PostgreSQL cannot store them, so any
 * request carrying one is refused before validation, the same way on both databases. Multipart
 * fields are read by the routes themselves, after that hook, so they call this too.
 */
export function refuseNulCharacters(...values: unknown[]): void {
  if (values.some((v) => hasNulCharacter(v))) throw new BadRequestError(INVALID_CHARACTERS_MESSAGE);
}

function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.values(value as Record<string, unknown>).some((v) => hasNulCharacter(v, depth + 1));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or an address too long,
 * a request too slow, bytes that are not HTTP) get our one shape too. Mirrors Fastify's own
 * handler otherwise: nothing is written to a socket that is already gone.
 */
export function clientErrorHandler(this: { log: { trace: (o: object, m: string) => void } }, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request address or headers are too long']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'The request could not be read'];
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: message });
    socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
