/**
 * The app's IndexedDB databases. The outbox and the memory drafts keep Blobs (photos), which
 * localStorage cannot. 'session' holds what the service worker needs to send the outbox
 * (lib/outbox/sender-session.ts), since a worker cannot read localStorage; it is a database of its
 * own, so adding it needed no version upgrade of the first one (an upgrade waits until every tab
 * still holding the old version closes it, and a tab of an older build never does).
 * A browser without IndexedDB (some private modes) gets a store that lasts as long as the page, so
 * nothing breaks; only the surviving of a reload is lost there.
 */
export type StoreName = 'outbox' | 'drafts' | 'session';
const STORES: Record<StoreName, { db: string; keyPath: string }> = {
  outbox: { db: 'memory-map', keyPath: 'id' },
  drafts: { db: 'memory-map', keyPath: 'key' },
  session: { db: 'memory-map-session', keyPath: 'key' },
};
const DB_VERSION = 1;

const opening = new Map<string, Promise<IDBDatabase | null>>();
const memory: Record<StoreName, Map<string, unknown>> = { outbox: new Map(), drafts: new Map(), session: new Map() };

function openDatabase(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      const req = indexedDB.open(name, DB_VERSION);
      req.onupgradeneeded = () => {
        for (const [store, { db, keyPath }] of Object.entries(STORES)) {
          if (db === name && !req.result.objectStoreNames.contains(store)) req.result.createObjectStore(store, { keyPath });
        }
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

function open(store: StoreName): Promise<IDBDatabase | null> {
  const name = STORES[store].db;
  let db = opening.get(name);
  if (!db) {
    db = openDatabase(name);
    opening.set(name, db);
  }
  return db;
}

function run<T>(store: StoreName, mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open(store).then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        if (!db) {
          reject(new Error('no IndexedDB'));
          return;
        }
        const tx = db.transaction(store, mode);
        const req = act(tx.objectStore(store));
        // Resolved when the transaction is committed, so a write has landed before anyone relies on it.
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
      }),
  );
}

const keyOf = (store: StoreName, value: unknown) => String((value as Record<string, unknown>)[STORES[store].keyPath]);

export async function idbAll<T>(store: StoreName): Promise<T[]> {
  if (!(await open(store))) return [...memory[store].values()] as T[];
  return run<T[]>(store, 'readonly', (s) => s.getAll() as IDBRequest<T[]>);
}

export async function idbGet<T>(store: StoreName, key: string): Promise<T | undefined> {
  if (!(await open(store))) return memory[store].get(key) as T | undefined;
  return run<T | undefined>(store, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>);
}

export async function idbPut(store: StoreName, value: object): Promise<void> {
  if (!(await open(store))) {
    memory[store].set(keyOf(store, value), value);
    return;
  }
  await run(store, 'readwrite', (s) => s.put(value));
}

export async function idbDelete(store: StoreName, key: string): Promise<void> {
  if (!(await open(store))) {
    memory[store].delete(key);
    return;
  }
  await run(store, 'readwrite', (s) => s.delete(key));
}

/** Several writes in one transaction: the outbox's fold replaces and removes items together. */
export async function idbReplace(store: StoreName, put: object[], remove: string[]): Promise<void> {
  const db = await open(store);
  if (!db) {
    for (const key of remove) memory[store].delete(key);
    for (const value of put) memory[store].set(keyOf(store, value), value);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    const s = tx.objectStore(store);
    for (const key of remove) s.delete(key);
    for (const value of put) s.put(value);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
  });
}

/** Empties the page-lifetime stand-in (tests run without IndexedDB and clear it like localStorage). */
export function forgetMemoryStores(): void {
  for (const store of Object.values(memory)) store.clear();
}
