import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first-choice parameters (19 MiB, 2 passes, 1 lane). @node-rs/argon2 runs
 * on libuv's thread pool, so hashing never blocks the event loop.
 */
// algorithm 2 is Argon2id (the package exports it as a const enum, which isolatedModules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Login with an unknown username still spends one verification, against a hash of nothing, so
 * the response time does not tell whether the username exists.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('memory-map timing equaliser');
  await verifyPassword(await dummyHash, password);
}
