import { type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { CalendarEventSchema, type CalendarEvent } from "../../contract/realtime";
import type { Database, Tx } from "../db/client";
import { rowsOf } from "../db/sql";

export const CALENDAR_CHANNEL = "calendar_events";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Calendar events travel through PostgreSQL NOTIFY so that every server process (each holding its
 * own sockets) hears every change, whichever process made it (DESIGN.md 6).
 */
export type EventBus = {
  /** Call after the transaction that made the change has committed; never throws. */
  publish(event: CalendarEvent): Promise<void>;
  /**
   * Sends the events from inside the transaction that makes the change, in one statement:
   * PostgreSQL delivers a NOTIFY when its transaction commits and drops it on a rollback, so a
   * busy request takes no connection of its own after its commit (a booking took two, which waited
   * behind every other request's queries when the last seats went). Returns the call that runs
   * this process's onPublish handlers, to make right after the commit (before it they could let a
   * search keep what the transaction is changing).
   */
  publishInTransaction(tx: Tx, events: CalendarEvent[]): Promise<() => void>;
  /**
   * publishInTransaction, with the events sent in the same statement as `statements` (writes of the
   * change they announce, each run as a data-modifying WITH, so they run whatever the events): one
   * round trip for all (issue 46, a booking's statements). Each write must touch its own table.
   * `answer`, when given, reads what the writes returned (their RETURNING rows, by the names
   * `written` gives each) in the same statement and hands it to `take`.
   */
  publishWithStatements(tx: Tx, statements: SQL[], events: CalendarEvent[], answer?: StatementAnswer): Promise<() => void>;
  /** Starts listening (one LISTEN per process is shared); returns an unsubscribe function. */
  subscribe(handler: (event: CalendarEvent) => void): Promise<() => Promise<void>>;
  /**
   * Runs `handler` in this process on each publish, before the event goes out: in-process caches
   * (search's coach-slots-cache) drop what the change made stale before the request that made it
   * answers, without waiting for the NOTIFY round trip. Returns an unsubscribe function.
   */
  onPublish?(handler: (event: CalendarEvent) => void): () => void;
  /**
   * Runs `handler` when a lost listening connection is back, with the instant it was lost: events
   * published in between never arrive. Returns an unsubscribe function.
   */
  onReconnect?(handler: (lostAt: Date) => void): () => void;
};

/** What a statement's writes returned, read by the statement itself (publishWithStatements). */
export type StatementAnswer = {
  /** One value made of the writes' RETURNING rows; `written[i]` names the i-th write. */
  of: (written: SQL[]) => SQL;
  take: (value: unknown) => void;
};

/**
 * `main` run after `statements` as data-modifying WITHs (`alongside0`, `alongside1`, ...), with the
 * answer's value as its `answer` column (read from its first row).
 */
export function withStatements(statements: SQL[], main: SQL, answer?: StatementAnswer): SQL {
  const names = statements.map((_, i) => sql.raw(`alongside${i}`));
  const writes = sql.join(
    statements.map((statement, i) => sql`${names[i]} as (${statement})`),
    sql`, `,
  );
  const body = answer ? sql`select m.*, (${answer.of(names)}) as answer from (${main}) as m` : main;
  return statements.length > 0 ? sql`with ${writes} ${body}` : body;
}

/** The answer column of a statement made by withStatements, handed to its taker. */
export function takeAnswer(rows: Record<string, unknown>[], answer: StatementAnswer | undefined): void {
  answer?.take(rows[0]?.answer ?? null);
}

export function createEventBus(database: Database, logger: Logger): EventBus {
  const localHandlers = new Set<(event: CalendarEvent) => void>();
  const runLocalHandlers = (event: CalendarEvent) => {
    for (const handler of localHandlers) {
      try {
        handler(event);
      } catch (err) {
        logger.error({ err }, "calendar event handler failed");
      }
    }
  };
  /** The NOTIFY payload of an event; undefined for a message too large to carry. */
  const payloadOf = (event: CalendarEvent): string | undefined => {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
    if (event.type === "message:new") {
      // The message schema keeps a message well under the limit (2000 characters, no escapes of
      // six bytes); one that still does not fit is read from the conversation when opened.
      logger.error({ conversationId: event.conversationId }, "a message event is too large to publish");
      return undefined;
    }
    // Too large to carry: listeners still learn that the coach's calendar changed and refetch.
    return JSON.stringify({ type: "availability_updated", coachId: event.coachId } satisfies CalendarEvent);
  };
  /** One statement that sends the events' payloads, if any fits. */
  const notifyOf = (events: CalendarEvent[]): SQL | undefined => {
    const payloads = events.map(payloadOf).filter((payload) => payload !== undefined);
    if (payloads.length === 0) return undefined;
    const rows = sql.join(
      payloads.map((payload) => sql`(${payload}::text)`),
      sql`, `,
    );
    return sql`select pg_notify(${CALENDAR_CHANNEL}, v.payload) from (values ${rows}) as v(payload)`;
  };
  return {
    async publish(event) {
      runLocalHandlers(event);
      const payload = payloadOf(event);
      if (payload === undefined) return;
      try {
        await database.notify(CALENDAR_CHANNEL, payload);
      } catch (err) {
        // The change itself is committed; a lost event only delays a refresh in open browsers.
        logger.error({ err, event: event.type }, "could not publish calendar event");
      }
    },
    async publishInTransaction(tx, events) {
      const notify = notifyOf(events);
      if (notify) await tx.execute(notify);
      return () => events.forEach(runLocalHandlers);
    },
    async publishWithStatements(tx, statements, events, answer) {
      const notify = notifyOf(events) ?? sql`select 1`;
      takeAnswer(rowsOf(await tx.execute(withStatements(statements, notify, answer))), answer);
      return () => events.forEach(runLocalHandlers);
    },
    async subscribe(handler) {
      return database.listen(CALENDAR_CHANNEL, (payload) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          logger.warn("ignored a calendar event that is not JSON");
          return;
        }
        const result = CalendarEventSchema.safeParse(parsed);
        if (!result.success) {
          logger.warn({ issue: result.error.issues[0]?.message }, "ignored a malformed calendar event");
          return;
        }
        try {
          handler(result.data);
        } catch (err) {
          logger.error({ err }, "calendar event handler failed");
        }
      });
    },
    onPublish(handler) {
      localHandlers.add(handler);
      return () => localHandlers.delete(handler);
    },
    onReconnect(handler) {
      return database.onListenerReconnect?.(handler) ?? (() => {});
    },
  };
}
