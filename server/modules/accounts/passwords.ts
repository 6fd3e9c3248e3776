import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with Argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
 * The hash string carries its own parameters, so raising them later still verifies old hashes.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum upstream, which type stripping cannot read)
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: ARGON2ID } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password: verifying against it costs what a real check costs. */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoy, password);
  return false;
}
