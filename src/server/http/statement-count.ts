import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { SQL_STATEMENTS_HEADER, type StatementCounter, withStatementCounter } from "../db/statement-count";
import { redactUrl } from "../logger";

/**
 * Counts the SQL statements each request sends (db/statement-count.ts): the count of those sent
 * before the answer's headers goes out in `x-sql-statements` (what the statement-count guard test
 * and the peak benchmark read), and the count when the answer is finished (with work it started in
 * the background until then) is logged at debug level. Mounted only when
 * COUNT_SQL_STATEMENTS is on (by default with the test clock or at debug level): off, no request
 * pays for the async context. PERFORMANCE.md, "Statements per request".
 */
export function countStatementsPerRequest(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const counter: StatementCounter = { statements: 0 };
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (!this.headersSent) this.setHeader(SQL_STATEMENTS_HEADER, String(counter.statements));
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    if (logger.isLevelEnabled("debug")) {
      res.once("finish", () =>
        logger.debug({ method: req.method, url: redactUrl(req.originalUrl), statements: counter.statements }, "sql statements"),
      );
    }
    withStatementCounter(counter, next);
  };
}
