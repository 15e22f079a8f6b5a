import { bootstrap } from "../boot";
import { ConfigError, loadConfig } from "../config";
import { makeAdmin } from "../features/accounts/accounts.service";

/** `npm run admin -- <email>`: gives an existing account the admin role (DESIGN.md 8). */
async function main(): Promise<number> {
  const email = process.argv.slice(2).find((arg) => arg !== "--");
  if (!email) {
    console.error("Usage: npm run admin -- <email>");
    return 1;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  // Only the account changes: no demo seeding, quiet logs.
  const deps = await bootstrap({ ...config, seedDemo: false, logLevel: "warn" });
  try {
    const user = await makeAdmin(deps, email);
    if (!user) {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${user.email} is now an admin.`);
    return 0;
  } finally {
    await deps.database.close();
  }
}

process.exitCode = await main();
