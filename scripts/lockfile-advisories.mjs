// The offline half of `scripts/audit-prod.mjs`: reads package-lock.json and reports every
// production package whose locked version falls in a range of the shipped advisory snapshot
// (scripts/advisories.json), so CI still fails on a known-bad version when the registry has no
// audit endpoint. Ranges use the subset of semver the advisory database writes: comparators
// (<, <=, >, >=, =) joined by spaces, alternatives joined by "||".

/** @param {string} version */
function parse(version) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?/.exec(version.trim());
  if (!m) return undefined;
  return { parts: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split(".") : [] };
}

/** Semver precedence: -1, 0 or 1. @param {string} a @param {string} b */
export function compareVersions(a, b) {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) throw new Error(`not a version: ${x ? b : a}`);
  for (let i = 0; i < 3; i++) if (x.parts[i] !== y.parts[i]) return x.parts[i] < y.parts[i] ? -1 : 1;
  // A pre-release sorts before its release.
  if (x.pre.length === 0 || y.pre.length === 0) return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    if (p === q) continue;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) return Number(p) < Number(q) ? -1 : 1;
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

/** Whether `version` is in `range` (for example ">=8.0.0 <8.17.1 || <7.5.10"). @param {string} version @param {string} range */
export function inRange(version, range) {
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const m = /^(<=|>=|<|>|=)?(.+)$/.exec(comparator);
        if (!m) return false;
        const c = compareVersions(version, m[2]);
        switch (m[1] ?? "=") {
          case "<":
            return c < 0;
          case "<=":
            return c <= 0;
          case ">":
            return c > 0;
          case ">=":
            return c >= 0;
          default:
            return c === 0;
        }
      }),
  );
}

/**
 * Production packages of a lock file (lockfileVersion 2 or 3) in a known-bad version.
 * @param {{ packages?: Record<string, { version?: string; dev?: boolean; devOptional?: boolean }> }} lock
 * @param {{ advisories: { id: string; package: string; range: string; severity: string; title: string }[] }} snapshot
 */
export function findLockedAdvisories(lock, snapshot) {
  const findings = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.includes("node_modules/") || entry.dev || entry.devOptional || !entry.version) continue;
    const name = where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);
    for (const advisory of snapshot.advisories) {
      if (advisory.package === name && parse(entry.version) && inRange(entry.version, advisory.range)) {
        findings.push({ ...advisory, where, version: entry.version });
      }
    }
  }
  return findings;
}
