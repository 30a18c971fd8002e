import { LIMITS, UPLOAD_MESSAGES } from '@memory-map/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/** Seconds a refused upload is told to wait: uploads in progress finish within a few seconds. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Photo uploads each user may have in progress in this process. An upload holds its bytes (up
 * to 15 MB) from the moment they arrive until its files are stored, so one user firing many at
 * once could take the memory of everyone else; beyond the limit the next is refused with 429
 * instead of queued. Per process on purpose: it protects this process's memory.
 */
export class UploadGate {
  private readonly inFlight = new Map<string, number>();

  constructor(readonly perUser: number = LIMITS.uploadsInFlightPerUser) {}

  /** Takes one of the user's slots and returns its release (call it exactly once), or throws 429. */
  acquire(userId: string): () => void {
    const count = this.inFlight.get(userId) ?? 0;
    if (count >= this.perUser) {
      throw new AppError(429, UPLOAD_MESSAGES.tooManyInFlight, { 'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS) });
    }
    this.inFlight.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    };
  }
}

/**
 * Runs an upload route's work (reading the body included) inside one of the user's slots. A
 * JSON body is already read and small, so only multipart bodies take a slot.
 */
export async function withUploadSlot<T>(gate: UploadGate, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  if (!request.isMultipart()) return work();
  const release = gate.acquire(request.user.id);
  try {
    return await work();
  } finally {
    release();
  }
}
