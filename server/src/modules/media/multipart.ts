import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@memory-map/shared';
import { AppError, BadRequestError, PayloadTooLargeError } from '../../lib/errors.ts';
import { refuseNulCharacters } from '../../plugins/error-handler.ts';

export interface FormInput {
  /** Text fields by name (the first of a repeated name wins), or the JSON body's properties. */
  fields: Record<string, unknown>;
  /** The bytes of the one expected file field, or null when none (or an empty one) was sent. */
  file: Buffer | null;
}

/**
 * Reads a form sent as multipart or as JSON, so browsers and API clients use the same endpoint.
 * The file is buffered within the multipart limit (app.ts: 15 MB, beyond it @fastify/multipart
 * throws a 413); a file under any other field name is drained and ignored, like unknown fields.
 */
export async function readForm(request: FastifyRequest, fileField: string): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return { fields, file: null };
  }
  try {
    return await readParts(request, fileField);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(`The file is too large (at most ${LIMITS.uploadBytes / 1024 / 1024} MB)`);
    if (code === 'FST_FILES_LIMIT') throw new PayloadTooLargeError('Send at most one file');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new PayloadTooLargeError('The form has too many fields');
    if (code === 'FST_PROTO_VIOLATION') throw new BadRequestError('A form field has a name that is not allowed');
    // Anything else is a body that is not well-formed multipart (no boundary, cut short, bad part
    // headers): the client's mistake, never a 500.
    throw new BadRequestError('The form data is malformed: send it as multipart/form-data with a boundary');
  }
}

async function readParts(request: FastifyRequest, fileField: string): Promise<FormInput> {
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      // Browsers send an empty, unnamed file part when no file was chosen.
      if (bytes.length > 0 || part.filename) file = bytes;
      continue;
    }
    if (part.valueTruncated) throw new BadRequestError(`${part.fieldname} is too long`);
    if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
  }
  refuseNulCharacters(fields);
  return { fields, file };
}
