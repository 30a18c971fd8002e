import { UNKNOWN_LOCATION, type Visibility } from '@memory-map/shared';
import { draftKey } from '../../../lib/drafts.ts';
import { idbDelete, idbGet, idbPut } from '../../../lib/idb.ts';
import { addToOutbox, clientId, flushOutbox, newOutboxItem } from '../../../lib/outbox/index.ts';
import { photoToUpload } from '../lib/photo-jobs.ts';

/**
 * Creating the reviewed memories (docs/design.md §16). Each memory becomes one create in the
 * existing outbox, whose id is the request's Idempotency-Key: the server answers a second send
 * with the first memory, so nothing is created twice. The plan is kept on the device first (in
 * the drafts store, under the person's id, so signing out erases it), then each memory is handed
 * to the outbox with its photos, one memory at a time; the outbox sends them, survives a reload
 * and waits for the network. An import cut off halfway resumes from its plan: memories already
 * handed over are not made again, and the rest need their photos (a browser forgets chosen files
 * on reload), which the person chooses again and which are recognised by name, size and date.
 */
export interface PhotoRef {
  name: string;
  size: number;
  lastModified: number;
}

export interface PlannedMemory {
  /** The outbox item's id and Idempotency-Key, fixed before anything is sent. */
  id: string;
  title: string;
  description: string;
  latitude: number;
  longitude: number;
  locationName: string;
  happenedAt?: string;
  photos: PhotoRef[];
  /** Handed to the outbox: from here on the outbox owns it. */
  queued: boolean;
}

export interface ImportPlan {
  key: string;
  userId: string;
  visibility: Visibility;
  /** With visibility '2': the author's circle it is for, if any (docs/design.md §17). */
  circleId?: string | null;
  startedAt: number;
  memories: PlannedMemory[];
}

export const importKey = (userId: string) => draftKey(userId, 'import');

export const refOf = (file: File): PhotoRef => ({ name: file.name, size: file.size, lastModified: file.lastModified });
const refId = (ref: PhotoRef) => `${ref.name}\u0000${ref.size}\u0000${ref.lastModified}`;

export async function loadImportPlan(userId: string): Promise<ImportPlan | undefined> {
  try {
    return await idbGet<ImportPlan>('drafts', importKey(userId));
  } catch {
    return undefined;
  }
}

export async function forgetImportPlan(userId: string): Promise<void> {
  try {
    await idbDelete('drafts', importKey(userId));
  } catch {
    // Nothing kept.
  }
  notify();
}

async function savePlan(plan: ImportPlan): Promise<void> {
  try {
    await idbPut('drafts', plan);
  } catch {
    // Storage refused: the import still runs; only resuming after a reload is lost.
  }
  notify();
}

// The screen shows the plan as it changes, wherever the person went meanwhile.
const listeners = new Set<() => void>();
function notify() {
  for (const l of listeners) l();
}
export function onPlanChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen files of this page's life, by name, size and date (a reload forgets them). */
const chosen = new Map<string, File>();
export function rememberFiles(files: readonly File[]): void {
  for (const file of files) chosen.set(refId(refOf(file)), file);
}

/** Photos of the plan's waiting memories that this page does not hold (to choose again). */
export function missingPhotos(plan: ImportPlan): PhotoRef[] {
  return plan.memories.filter((m) => !m.queued).flatMap((m) => m.photos.filter((p) => !chosen.has(refId(p))));
}

let running: Promise<void> | null = null;

async function queueMemory(plan: ImportPlan, memory: PlannedMemory): Promise<void> {
  const files: File[] = [];
  // One photo at a time: never more than one full-size image decoded.
  for (const ref of memory.photos) files.push(await photoToUpload(chosen.get(refId(ref))!));
  const fields: Record<string, string> = {
    title: memory.title,
    description: memory.description,
    latitude: String(memory.latitude),
    longitude: String(memory.longitude),
    visibility: plan.visibility,
  };
  if (memory.locationName && memory.locationName !== UNKNOWN_LOCATION) fields.locationName = memory.locationName;
  if (memory.happenedAt) fields.happenedAt = memory.happenedAt;
  if (plan.visibility === '2' && plan.circleId) fields.circleId = plan.circleId;
  const item = newOutboxItem({
    kind: 'create',
    userId: plan.userId,
    fields,
    files: files.map((file) => ({ field: 'image', name: file.name, blob: file })),
    preview: {
      title: memory.title,
      description: memory.description,
      latitude: memory.latitude,
      longitude: memory.longitude,
      visibility: plan.visibility,
      happenedAt: memory.happenedAt,
      locationName: fields.locationName,
    },
  });
  // The plan's id, so a resend after a cut-off (even of a memory handed over twice) is one memory.
  await addToOutbox({ ...item, id: memory.id, pinId: memory.id });
  memory.queued = true;
  await savePlan(plan);
  void flushOutbox();
}

/**
 * Hands the plan's waiting memories to the outbox, as far as their photos are at hand. Runs on
 * past the screen (a tap on the bottom navigation does not stop it); a second call while it runs
 * waits for the same run.
 */
export function continueImport(plan: ImportPlan): Promise<void> {
  if (running) return running;
  // .finally runs after this assignment even when nothing is left to hand over.
  running = handOver(plan).finally(() => {
    running = null;
    notify();
  });
  return running;
}

async function handOver(plan: ImportPlan): Promise<void> {
  for (const memory of plan.memories) {
    if (memory.queued) continue;
    if (memory.photos.some((p) => !chosen.has(refId(p)))) continue;
    await queueMemory(plan, memory);
  }
}

export function importRunning(): boolean {
  return running !== null;
}

/** Keeps the plan, then starts handing it over. */
export async function startImport(
  userId: string,
  audience: { visibility: Visibility; circleId: string | null },
  memories: Array<Omit<PlannedMemory, 'id' | 'queued'>>,
): Promise<ImportPlan> {
  const plan: ImportPlan = {
    key: importKey(userId),
    userId,
    visibility: audience.visibility,
    circleId: audience.visibility === '2' ? audience.circleId : null,
    startedAt: Date.now(),
    memories: memories.map((m) => ({ ...m, id: clientId(), queued: false })),
  };
  await savePlan(plan);
  void continueImport(plan);
  return plan;
}
