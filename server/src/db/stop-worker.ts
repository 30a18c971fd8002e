import type { Worker } from 'node:worker_threads';

/**
 * Asks a database thread to stop ('stop': it closes its connection), waits up to two seconds for
 * it to end by itself, then ends it. Used by the checkpointer (group-commit.ts) and the slow-reads
 * thread (slow-reads.ts).
 */
export async function stopWorker(worker: Worker): Promise<void> {
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.postMessage('stop');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
  clearTimeout(timer);
  await worker.terminate();
}
