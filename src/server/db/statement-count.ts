import { AsyncLocalStorage } from "node:async_hooks";

/**
 * How many SQL statements one piece of work (an HTTP request) sent to the database, counted by the
 * drivers themselves (client.ts): every statement on its way to PGlite or PostgreSQL, drizzle's
 * and the raw ones alike, BEGIN and COMMIT included, so the two databases count the same.
 * Statements run outside counted work (sweeps, boot) are not counted. PERFORMANCE.md, "Statements
 * per request".
 */
export type StatementCounter = {
  statements: number;
  /** When present, each statement's text and parameters are kept here too (recordSqlStatements). */
  recorded?: RecordedStatement[];
};

/** A statement as a driver was given it. */
export type RecordedStatement = { text: string; params: unknown[] };

const current = new AsyncLocalStorage<StatementCounter>();

/**
 * Called by the drivers for each statement they send (`n` for BEGIN and its COMMIT at once): adds
 * it to the work it belongs to, if counted. `args` are the driver call's arguments: the text (or
 * pg's query config) and the parameters, read only when the work records its statements.
 */
export function countStatement(n: number, args?: readonly unknown[]): void {
  const counter = current.getStore();
  if (!counter) return;
  counter.statements += n;
  if (counter.recorded && args) counter.recorded.push(recordOf(args));
}

function recordOf(args: readonly unknown[]): RecordedStatement {
  const [first, second] = args;
  if (typeof first === "object" && first !== null) {
    const config = first as { text?: string; values?: unknown[] };
    return { text: config.text ?? "", params: config.values ?? (Array.isArray(second) ? second : []) };
  }
  return { text: String(first), params: Array.isArray(second) ? second : [] };
}

/** Runs `work` (and everything it starts) with its statements counted in `counter`. */
export function withStatementCounter<T>(counter: StatementCounter, work: () => T): T {
  return current.run(counter, work);
}

/** Runs `work` (and everything it starts) outside any counted request: upkeep a request only sets off. */
export function uncounted<T>(work: () => T): T {
  return current.exit(work);
}

/** The statements `work` sends, text and parameters, in order (a test explains the plans of a page's queries with them). */
export async function recordSqlStatements<T>(work: () => Promise<T>): Promise<{ result: T; recorded: RecordedStatement[] }> {
  const counter: StatementCounter = { statements: 0, recorded: [] };
  const result = await withStatementCounter(counter, work);
  return { result, recorded: counter.recorded ?? [] };
}

/** The response header that carries a request's count when counting is on (`x-sql-statements`). */
export const SQL_STATEMENTS_HEADER = "x-sql-statements";
