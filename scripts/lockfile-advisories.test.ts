import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module for node (CI runs it before any TypeScript tooling); its JSDoc types are not read here.
import { compareVersions, findLockedAdvisories, inRange } from "./lockfile-advisories.mjs";

const snapshot = JSON.parse(readFileSync(new URL("./advisories.json", import.meta.url), "utf8"));
const lockWith = (packages: Record<string, { version: string; dev?: boolean }>) => ({
  lockfileVersion: 3,
  packages: { "": {}, ...packages },
});

describe("the lock-file advisory check (issue 28)", () => {
  it("compares versions and ranges as semver does", () => {
    expect(compareVersions("8.17.0", "8.17.1")).toBe(-1);
    expect(compareVersions("2.0.0-rc.1", "2.0.0")).toBe(-1);
    expect(compareVersions("1.4.4-lts.1", "1.4.4-lts.2")).toBe(-1);
    expect(inRange("8.17.0", ">=8.0.0 <8.17.1")).toBe(true);
    expect(inRange("8.17.1", ">=8.0.0 <8.17.1")).toBe(false);
    expect(inRange("7.5.9", ">=8.0.0 <8.17.1 || <7.5.10")).toBe(true);
    expect(inRange("1.4.5-lts.2", ">=1.4.4-lts.1 <2.0.0")).toBe(true);
  });

  it("fails on a known-bad production version, wherever it is nested, and ignores dev-only packages", () => {
    const findings = findLockedAdvisories(
      lockWith({
        "node_modules/ws": { version: "8.17.0" },
        "node_modules/twilio/node_modules/axios": { version: "1.7.9" },
        "node_modules/braces": { version: "3.0.2", dev: true },
        "node_modules/express": { version: "5.3.0" },
      }),
      snapshot,
    );
    expect(findings.map((f: { package: string; where: string }) => `${f.package}@${f.where}`).sort()).toEqual([
      "axios@node_modules/twilio/node_modules/axios",
      "axios@node_modules/twilio/node_modules/axios",
      "ws@node_modules/ws",
    ]);
  });

  it("passes the repository's own lock file", () => {
    const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
    expect(findLockedAdvisories(lock, snapshot)).toEqual([]);
  });
});
