import { LIMITS, UPLOAD_MESSAGES } from '@memory-map/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { Semaphore, SemaphoreFullError } from '../../lib/semaphore.ts';

/** Seconds a refused upload is told to wait: uploads in progress finish within a few seconds. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export function serverBusy(): AppError {
  return new AppError(429, UPLOAD_MESSAGES.serverBusy, { 'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS) });
}

/** One upload's hold on the gate: its user's slot and, once its file arrives, a place in memory. */
export interface UploadSlot {
  /**
   * Waits for a place for the file's bytes in memory. Until then the file is not read at all:
   * its bytes wait in the client's connection (TCP holds them back), not in our memory. A form
   * with several files reserves again for each after releasing the one before.
   */
  reserveMemory(): Promise<void>;
  /** The file's bytes are no longer needed (the image is decoded): its place goes to the next. */
  releaseMemory(): void;
  /** Gives everything back; call it exactly once, when the upload's work is over. */
  release(): void;
}

/**
 * Photo uploads in this process. An upload holds its file (up to 15 MB) in memory from the moment
 * it is read until the image is decoded, so two bounds keep a burst from exhausting memory:
 * - each user may have 4 uploads in progress; the next is refused with 429 at once;
 * - at most 6 uploads' files are in memory at once, from the moment the file is read until the
 *   image is decoded; others wait, unread, in a bounded queue (64; beyond it 429). Decoding is
 *   bounded too (images.ts: 2 at once).
 * Per process on purpose: it protects this process's memory.
 */
export class UploadGate {
  private readonly inFlight = new Map<string, number>();
  readonly memory = new Semaphore(6, 64);

  constructor(readonly perUser: number = LIMITS.uploadsInFlightPerUser) {}

  /** Takes one of the user's slots, or throws 429. */
  acquire(userId: string): UploadSlot {
    const count = this.inFlight.get(userId) ?? 0;
    if (count >= this.perUser) {
      throw new AppError(429, UPLOAD_MESSAGES.tooManyInFlight, { 'retry-after': String(UPLOAD_RETRY_AFTER_SECONDS) });
    }
    this.inFlight.set(userId, count + 1);
    let released = false;
    let reserving = false;
    // The place held now, if any: one file's at a time.
    let freeMemory: (() => void) | undefined;
    const releaseMemory = () => {
      const free = freeMemory;
      freeMemory = undefined;
      free?.();
    };
    return {
      reserveMemory: async () => {
        if (released || reserving || freeMemory) return;
        reserving = true;
        let free: () => void;
        try {
          free = await this.memory.acquire();
        } catch (err) {
          throw err instanceof SemaphoreFullError ? serverBusy() : err;
        } finally {
          reserving = false;
        }
        // Released while it waited (the request ended): give the place straight back.
        if (released) free();
        else freeMemory = free;
      },
      releaseMemory,
      release: () => {
        if (released) return;
        released = true;
        releaseMemory();
        const left = (this.inFlight.get(userId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(userId, left);
        else this.inFlight.delete(userId);
      },
    };
  }
}

/**
 * Runs an upload route's work (reading the body included) inside one of the user's slots. A
 * JSON body is already read and small, so only multipart bodies take a slot.
 */
export async function withUploadSlot<T>(gate: UploadGate, request: FastifyRequest, work: (slot?: UploadSlot) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) return work();
  const slot = gate.acquire(request.user.id);
  try {
    return await work(slot);
  } finally {
    slot.release();
  }
}
