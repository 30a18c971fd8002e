import type { FastifyRequest } from 'fastify';
import { LIMITS, UPLOAD_MESSAGES } from '@memory-map/shared';
import { AppError, BadRequestError, PayloadTooLargeError } from '../../lib/errors.ts';
import { refuseNulCharacters } from '../../plugins/error-handler.ts';
import type { UploadSlot } from './upload-limits.ts';

/**
 * The one set of limits of every multipart body (registered with @fastify/multipart in app.ts):
 * one file of at most 15 MB, 20 text fields of at most 64 kB (a memory's form takes up to 10
 * files: readPhotosForm). The fields and files limits bound
 * the number of parts, so there is no separate parts limit whose message would hide which one
 * was broken.
 */
export const UPLOAD_LIMITS = {
  fileSize: LIMITS.uploadBytes,
  files: 1,
  fields: LIMITS.uploadFields,
  fieldSize: 64 * 1024,
} as const;

export interface FormInput {
  /** Text fields by name (the first of a repeated name wins), or the JSON body's properties. */
  fields: Record<string, unknown>;
  /** The bytes of the one expected file field, or null when none (or an empty one) was sent. */
  file: Buffer | null;
  /** The field name of a file sent under another name (drained and ignored, like unknown fields). */
  strayFile?: string;
  /** Frees the file's place in memory (upload-limits.ts); consumeFile calls it. */
  releaseFile?: () => void;
}

/**
 * Hands the file's bytes to `use` (the image decoding) and lets go of them after: the form no
 * longer holds them, and their place in memory goes to the next upload while this one is stored.
 */
export async function consumeFile<T>(form: FormInput, use: (bytes: Buffer) => Promise<T>): Promise<T | null> {
  const bytes = form.file;
  if (!bytes) return null;
  form.file = null;
  try {
    return await use(bytes);
  } finally {
    form.releaseFile?.();
  }
}

/**
 * Reads a form sent as multipart or as JSON, so browsers and API clients use the same endpoint.
 * Every multipart upload goes through here (create, update_pin, the profile picture, the
 * account form), so each limit answers the same sentence everywhere. `fileField` null: the form
 * takes no file, and one sent is drained. With an upload slot, the file waits for a place in
 * memory before it is read.
 */
export async function readForm(request: FastifyRequest, fileField: string | null, slot?: UploadSlot): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return { fields, file: null };
  }
  try {
    return await readParts(request, fileField, slot);
  } catch (err) {
    throw multipartError(err);
  }
}

/** Limits of @fastify/multipart and busboy's parse errors, as the sentences a person reads. */
export function multipartError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeError(UPLOAD_MESSAGES.fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return new PayloadTooLargeError(UPLOAD_MESSAGES.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new PayloadTooLargeError(UPLOAD_MESSAGES.tooManyFields);
  if (code === 'FST_PROTO_VIOLATION') return new BadRequestError('A form field has a name that is not allowed');
  // Anything else is a body that is not well-formed multipart (no boundary, cut short, bad part
  // headers): the client's mistake, never a 500.
  return new BadRequestError('The form data is malformed: send it as multipart/form-data with a boundary');
}

async function readParts(request: FastifyRequest, fileField: string | null, slot?: UploadSlot): Promise<FormInput> {
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  let strayFile: string | undefined;
  // The whole body is read even once the file is in hand: a second file or a 21st field must be
  // refused, not silently dropped.
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField || file) {
        strayFile ??= part.fieldname;
        part.file.resume();
        continue;
      }
      // Not a byte of the file is read before it has a place in memory (upload-limits.ts).
      await slot?.reserveMemory();
      const bytes = await part.toBuffer();
      // Browsers send an empty, unnamed file part when no file was chosen.
      if (bytes.length > 0 || part.filename) file = bytes;
      continue;
    }
    if (part.valueTruncated) throw new BadRequestError(`${part.fieldname} is too long`);
    if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
  }
  refuseNulCharacters(fields);
  return { fields, file, strayFile, releaseFile: slot?.releaseMemory };
}

/** A form whose files were each processed as they arrived (readPhotosForm). */
export interface PhotosFormInput<T> {
  fields: Record<string, unknown>;
  /** What `process` made of each non-empty file of the expected field, in the order sent. */
  files: T[];
}

/**
 * Reads a form that may carry up to `maxFiles` files in `fileField` (a memory's photos), handing
 * each to `process` (the image decoding) before the next is read.
 *
 * Memory: one request holds at most one file's raw bytes (15 MB) at a time. Each file waits for a
 * place in the upload gate (upload-limits.ts) before a byte of it is read and gives it back once
 * decoded, so ten photos in one request weigh on memory like one photo, and the gate's bound on
 * raw bytes across the process stands as it was. What is kept is the re-encoded result (at most
 * 2048 px, typically well under 1 MB with its thumbnail) until the change is stored
 * (docs/decisions/040-file-writes.md, "Several photos"). Files are never held whole before they
 * are counted: the (maxFiles + 1)th is refused with 400 naming the field before it is read.
 */
export async function readPhotosForm<T>(
  request: FastifyRequest,
  fileField: string,
  options: { maxFiles: number; tooMany: string; slot?: UploadSlot; process: (bytes: Buffer) => Promise<T> },
): Promise<PhotosFormInput<T>> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    return { fields, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: T[] = [];
  let count = 0;
  try {
    // busboy counts every file part, the field's and strays alike: a stray beyond the bound is a
    // body out of the form's shape, and answers the same sentence.
    for await (const part of request.parts({ limits: { files: options.maxFiles + 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          continue;
        }
        count += 1;
        if (count > options.maxFiles) throw new BadRequestError(options.tooMany);
        await options.slot?.reserveMemory();
        try {
          const bytes = await part.toBuffer();
          // Browsers send an empty, unnamed file part when no file was chosen.
          if (bytes.length === 0 && !part.filename) {
            count -= 1;
            continue;
          }
          files.push(await options.process(bytes));
        } finally {
          options.slot?.releaseMemory();
        }
        continue;
      }
      if (part.valueTruncated) throw new BadRequestError(`${part.fieldname} is too long`);
      if (!(part.fieldname in fields)) fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err && typeof err === 'object' && (err as { code?: string }).code === 'FST_FILES_LIMIT') throw new BadRequestError(options.tooMany);
    throw multipartError(err);
  }
  refuseNulCharacters(fields);
  return { fields, files };
}
