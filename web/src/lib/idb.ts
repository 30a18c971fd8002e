import { openDB, type IDBPDatabase } from 'idb';

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

const opening = new Map<string, Promise<IDBPDatabase | null>>();
const memory: Record<StoreName, Map<string, unknown>> = { outbox: new Map(), drafts: new Map(), session: new Map() };

/**
 * The promise wrapping is the `idb` library's (docs/decisions/140-libraries.md); the layout above
 * and the stand-in are ours. A database that cannot open, or whose opening is blocked by another
 * tab, is not waited for: the page-lifetime stand-in serves at once.
 */
function openDatabase(name: string): Promise<IDBPDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    openDB(name, DB_VERSION, {
      upgrade(db) {
        for (const [store, { db: dbName, keyPath }] of Object.entries(STORES)) {
          if (dbName === name && !db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath });
        }
      },
      blocked: () => resolve(null),
    }).then(resolve, () => resolve(null));
  });
}

function open(store: StoreName): Promise<IDBPDatabase | null> {
  const name = STORES[store].db;
  let db = opening.get(name);
  if (!db) {
    db = openDatabase(name);
    opening.set(name, db);
  }
  return db;
}

const keyOf = (store: StoreName, value: unknown) => String((value as Record<string, unknown>)[STORES[store].keyPath]);

// Each call resolves once its transaction has committed (tx.done), so a write has landed before
// anyone relies on it.

export async function idbAll<T>(store: StoreName): Promise<T[]> {
  const db = await open(store);
  if (!db) return [...memory[store].values()] as T[];
  const tx = db.transaction(store, 'readonly');
  const [all] = await Promise.all([tx.store.getAll(), tx.done]);
  return all as T[];
}

export async function idbGet<T>(store: StoreName, key: string): Promise<T | undefined> {
  const db = await open(store);
  if (!db) return memory[store].get(key) as T | undefined;
  const tx = db.transaction(store, 'readonly');
  const [value] = await Promise.all([tx.store.get(key), tx.done]);
  return value as T | undefined;
}

export async function idbPut(store: StoreName, value: object): Promise<void> {
  await idbReplace(store, [value], []);
}

export async function idbDelete(store: StoreName, key: string): Promise<void> {
  await idbReplace(store, [], [key]);
}

/** Several writes in one transaction: the outbox's fold replaces and removes items together. */
export async function idbReplace(store: StoreName, put: object[], remove: string[]): Promise<void> {
  const db = await open(store);
  if (!db) {
    for (const key of remove) memory[store].delete(key);
    for (const value of put) memory[store].set(keyOf(store, value), value);
    return;
  }
  const tx = db.transaction(store, 'readwrite');
  await Promise.all([...remove.map((key) => tx.store.delete(key)), ...put.map((value) => tx.store.put(value)), tx.done]);
}

/** Empties the page-lifetime stand-in (tests run without IndexedDB and clear it like localStorage). */
export function forgetMemoryStores(): void {
  for (const store of Object.values(memory)) store.clear();
}
