/**
 * What a failed start prints. Drizzle wraps a failing statement in an error whose stack names only
 * the wrapper ("Failed query: ..."); the PostgreSQL error that says why (code, detail, constraint)
 * is its `cause`, so every cause in the chain is printed with the fields PostgreSQL sets.
 */
export function describeStartupError(err: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = err;
  for (let depth = 0; current !== undefined && current !== null && !seen.has(current) && depth < 10; depth++) {
    seen.add(current);
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const heading = depth === 0 ? "" : "Caused by: ";
    parts.push(heading + (current.stack ?? `${current.name}: ${current.message}`));
    const fields = postgresFields(current);
    if (fields) parts.push(`  PostgreSQL error ${fields}`);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join("\n");
}

const POSTGRES_FIELDS = ["code", "severity", "detail", "hint", "schema", "table", "column", "constraint", "where"] as const;

function postgresFields(err: Error): string | undefined {
  const record = err as unknown as Record<string, unknown>;
  // pg's DatabaseError and PGlite's errors carry the SQLSTATE in `code` (five characters).
  if (typeof record.code !== "string" || !/^[0-9A-Z]{5}$/.test(record.code)) return undefined;
  return POSTGRES_FIELDS.filter((k) => typeof record[k] === "string" && record[k] !== "")
    .map((k) => `${k}=${JSON.stringify(record[k])}`)
    .join(" ");
}
