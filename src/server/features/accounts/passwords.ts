import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 hashes with argon2id by default (memory-hard, OWASP's first choice).
export const hashPassword = (password: string) => hash(password);

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
  dummyHash ??= hash("not-a-real-password-just-for-timing");
  await verifyPassword(await dummyHash, password);
}
