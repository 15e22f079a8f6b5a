import { loadConfigOrReport } from "../config";
import { openDatabase } from "../db/client";
import path from "node:path";
import { reconcilePayments } from "../features/reconcile/reconcile.service";
import { describeStartupError } from "../startup-error";

/**
 * `npm run reconcile` (DESIGN.md 10): prints every mismatch between the payment provider (Stripe
 * when its keys are set, else the simulated provider's records) and the bookings; exit code 1 when
 * there is one, 2 when it could not run. `--json` prints the report as JSON instead.
 */
async function main(): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 2;
  // Read only: no migration, no seeding, so it can run beside live servers of another version.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir === "memory://" ? "memory://" : path.join(config.dataDir, "db"),
  });
  try {
    const report = await reconcilePayments({ config, database });
    if (process.argv.includes("--json")) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      console.log(
        `Reconciled ${report.provider} provider: ${report.charges} succeeded charges, ${report.refunds} refunds, ${report.transfers} transfers, against ${report.bookings} bookings and ${report.purchases} package purchases.`,
      );
      for (const m of report.mismatches) console.log(`MISMATCH ${m.kind}: ${m.message}`);
      console.log(report.mismatches.length === 0 ? "No mismatches." : `${report.mismatches.length} mismatch(es).`);
    }
    return report.mismatches.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(describeStartupError(err));
    process.exit(2);
  },
);
