import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id (memory-hard, OWASP's first choice; @node-rs/argon2's default algorithm) at 7 MiB and five
 * passes: OWASP's Password Storage Cheat Sheet lists five settings of equal strength, from 46 MiB
 * and one pass to this one. The library's default (19 MiB, two passes) cost 11 ms a verification
 * idle and 40-70 ms beside a busy server's collector (every fresh page of its memory is a fault);
 * this one 7 ms and about a third less under load (docs/performance-log.md, 30 November 2026).
 */
const HASH_OPTIONS = { memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;
/** What a hash made with HASH_OPTIONS begins with (the PHC string format). */
const CURRENT_SETTINGS = `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}$`;

export const hashPassword = (password: string) => hash(password, HASH_OPTIONS);

/** A stored hash made with other settings (an account older than HASH_OPTIONS): hashed again at its next sign-in. */
export const madeWithOtherSettings = (passwordHash: string) => !passwordHash.startsWith(CURRENT_SETTINGS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  await verifyPassword(await dummyHash, password);
}
