import type { CalendarEvent } from "@contract/realtime";
import type { EventBus } from "./event-bus";

/**
 * An event bus a unit test drives by hand (the caches that listen to coaches' changes): a
 * subscription completes once `listen()` is called, `emit` delivers an event to every subscriber,
 * `reconnect` tells them the connection was lost and is back. Nothing is published anywhere.
 */
export function handDrivenEventBus() {
  const handlers: ((event: CalendarEvent) => void)[] = [];
  const reconnects: ((lostAt: Date) => void)[] = [];
  let listen!: () => void;
  const listened = new Promise<void>((resolve) => (listen = resolve));
  const events: EventBus = {
    publish: async () => {},
    publishInTransaction: async () => () => {},
    publishWithStatements: async () => () => {},
    subscribe: async (handler) => {
      handlers.push(handler);
      await listened;
      return async () => {};
    },
    onReconnect: (handler) => {
      reconnects.push(handler);
      return () => {};
    },
  };
  return {
    events,
    listen,
    emit: (event: CalendarEvent) => handlers.forEach((handler) => handler(event)),
    reconnect: () => reconnects.forEach((handler) => handler(new Date())),
  };
}
