import { bootstrap } from "../boot";
import { loadConfigOrReport } from "../config";
import { listAdmins, makeAdmin, revokeAdmin, type AdminChange } from "../features/accounts/admin-role.service";

const USAGE = "Usage: npm run admin -- <email> | --list | --revoke <email>";

type Command = { kind: "grant"; email: string } | { kind: "list" } | { kind: "revoke"; email: string };

function parseArgs(args: string[]): Command | undefined {
  const rest = args.filter((arg) => arg !== "--");
  if (rest.length === 1 && rest[0] === "--list") return { kind: "list" };
  const [first, second] = rest;
  if (rest.length === 2 && first === "--revoke" && second !== undefined && !second.startsWith("--"))
    return { kind: "revoke", email: second };
  if (rest.length === 1 && first !== undefined && !first.startsWith("--")) return { kind: "grant", email: first };
  return undefined;
}

/** Why a change was refused, in a sentence for the operator. */
function refusal(change: Exclude<AdminChange, { ok: true }>, email: string): string {
  switch (change.reason) {
    case "no_account":
      return `No account with the e-mail ${email}.`;
    case "unverified":
      return `${email} is not verified: its owner must follow the verification link mailed to it (anyone can register someone else's address), then run this again.`;
    case "not_admin":
      return `${email} is not an admin.`;
  }
}

/**
 * `npm run admin -- <email>`: gives an existing account with a verified address the admin role
 * (DESIGN.md 8 and 10). `--list` prints the admins; `--revoke <email>` takes the role back and
 * ends every session of that user.
 */
async function main(): Promise<number> {
  const command = parseArgs(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfigOrReport();
  if (!config) return 1;
  // Only the accounts change: no demo seeding, quiet logs.
  const deps = await bootstrap({ ...config, seedDemo: false, logLevel: "warn" });
  try {
    if (command.kind === "list") {
      const admins = await listAdmins(deps);
      if (admins.length === 0) console.log("No admins.");
      for (const admin of admins) console.log(admin.email);
      return 0;
    }
    if (command.kind === "grant") {
      const change = await makeAdmin(deps, command.email);
      if (!change.ok) {
        console.error(refusal(change, command.email));
        return 1;
      }
      console.log(`${change.user.email} is now an admin.`);
      return 0;
    }
    const change = await revokeAdmin(deps, command.email);
    if (!change.ok) {
      console.error(refusal(change, command.email));
      return 1;
    }
    console.log(`${change.user.email} is no longer an admin (now a ${change.user.userType}); their sessions have ended.`);
    if (config.adminEmails.includes(change.user.email.toLowerCase())) {
      console.warn(`${change.user.email} is still in ADMIN_EMAILS: remove it there too, or their next sign-in makes them an admin again.`);
    }
    return 0;
  } finally {
    await deps.database.close();
  }
}

process.exitCode = await main();
