/**
 * Services throw these; the one error handler (plugins/error-handler.ts) turns them into
 * `{"error": message}` with the status. Messages are shown to people, so write sentences.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please log in to continue') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do that') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaError extends AppError {
  constructor(message = 'The file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF)') {
    super(415, message);
  }
}
