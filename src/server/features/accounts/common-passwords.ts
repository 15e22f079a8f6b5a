import { PasswordMessages } from "@contract/accounts";
import { badRequest } from "../../http/errors";

/**
 * New passwords found on a list of common breached passwords are refused (issue 28). The list is
 * the ranked one that @zxcvbn-ts/language-common ships (passwords seen most often in public
 * breaches, most frequent first); its first COMMON_PASSWORDS_CHECKED entries are checked, exactly
 * as typed. Loaded on first use, so a server that nobody registers with never pays for it.
 */
export const COMMON_PASSWORDS_CHECKED = 10_000;

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_CHECKED)),
  );
  return common;
}

async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password);
}

/** A new password (registration, reset) on the list is refused with the spec's message. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw badRequest(PasswordMessages.COMMON, "password");
}
