import { createHash, randomBytes } from "node:crypto";

/**
 * The secret of a link we mail (password reset, e-mail verification): 32 random bytes in the link,
 * only its SHA-256 in the database, so a copy of the database opens no account.
 */
export const newLinkToken = () => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");
