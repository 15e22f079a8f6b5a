import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import type { Express } from "express";

/**
 * How long an idle kept-alive connection stays open: longer than a load balancer keeps its own
 * (60 s on the common ones).
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * The HTTP server for the app, whose requests and responses are created with Express's
 * prototypes (`app.request`, `app.response`) instead of Node's.
 *
 * Why: Express gives every request and response its prototypes when it handles them
 * (`Object.setPrototypeOf(req, this.request)` in application.js). Measured with V8's GC trace, an
 * object whose prototype is changed after it was made was kept, with everything it reaches,
 * through the next young-generation collection: each request's objects were copied and promoted,
 * and the old generation filled with garbage. At about 4,000 requests a second, 10 MB survived
 * each scavenge, a scavenge paused the server for 5-20 ms every 100 ms, and a full collection ran
 * every half second (docs/performance-log.md, 26 November 2026, evening). Created with the right
 * prototype already, Express's call changes nothing (V8 returns at once when the prototype is the
 * same) and a request's objects die young: a bare Express app answered 2.5 times the requests,
 * with scavenges of 0.3 ms.
 */
export function createAppServer(app: Express): Server {
  // Node's constructors are plain functions, called on the object `new` made with our prototype.
  // (Reflect.construct with a new target gave the same prototype but objects that V8 copied again.)
  function AppRequest(this: IncomingMessage, ...args: ConstructorParameters<typeof IncomingMessage>) {
    IncomingMessage.call(this, ...args);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, ...args: ConstructorParameters<typeof ServerResponse>) {
    ServerResponse.call(this, ...args);
  }
  AppResponse.prototype = app.response;
  const server = createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    app,
  );
  // With Node's 5 s the server could close an idle connection at the moment a client sent on it
  // again, and the client saw ECONNRESET (or its balancer a 502). The time to receive a request's
  // headers stays above it, as Node requires.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}
