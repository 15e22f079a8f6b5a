import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the Stripe API (STYLE.md: no test reaches the internet). It keeps the
 * objects it creates, so a whole booking -> payment -> refund -> transfer story can run against it,
 * records every request the app sends, replays idempotent requests like Stripe does, and signs
 * webhook events with the secret it hands to the app.
 *
 *   const stripe = await startStripeStandIn();
 *   const app = await startTestApp(stripe.env());
 *   ...; stripe.requestsTo("POST", "/v1/payment_intents")[0].form["metadata[bookingId]"]
 */
export type RecordedStripeRequest = {
  method: string;
  /** Without the query string: /v1/payment_intents/pi_123 */
  path: string;
  /** The form-encoded body (or query) as sent, keys flattened: { "metadata[bookingId]": "12" }. */
  form: Record<string, string>;
  /** The same, nested: { metadata: { bookingId: "12" } }. */
  body: Record<string, unknown>;
  idempotencyKey?: string;
  authorization?: string;
};

export type StripeErrorBody = { type: string; message: string; code?: string; decline_code?: string; param?: string };

export type SignedWebhook = { payload: string; signature: string; event: Record<string, unknown> };

type StripeObject = Record<string, unknown> & { id: string };

export type StripeStandIn = {
  url: string;
  webhookSecret: string;
  requests: RecordedStripeRequest[];
  /** Environment for startTestApp(): Stripe keys, webhook secret and STRIPE_API_BASE pointing here. */
  env(): Record<string, string>;
  requestsTo(method: string, path: string | RegExp): RecordedStripeRequest[];
  clearRequests(): void;
  /** The next request matching method and path answers this error instead (402 card_error by default). */
  failNext(match: { method?: string; path: string | RegExp }, error?: StripeErrorBody, status?: number): void;
  /** The next request matching method and path is carried out, but answered with `error` (the answer lost on the way back). */
  actThenFailNext(match: { method?: string; path: string | RegExp }, error: StripeErrorBody, status: number): void;
  /** The next request matching method and path is carried out at once but answered only after `ms` (a slow network). */
  delayNext(match: { method?: string; path: string | RegExp }, ms: number): void;
  /**
   * From now on idempotency keys are not replayed, as when Stripe has forgotten them (it keeps
   * them about 24 hours): a retry after a long outage makes a second object.
   */
  expireIdempotencyKeys(): void;
  /** Transfers made, oldest first, optionally only those to one destination account. */
  transfers(destination?: string): StripeObject[];
  /** The next PaymentIntent create is declined like Stripe declines a card. */
  declineNextPaymentIntent(message?: string): void;
  paymentIntent(id: string): StripeObject | undefined;
  account(id: string): StripeObject | undefined;
  /** The customer paid (what Stripe.js does in the browser): the intent succeeds; returns the signed webhook. */
  succeedPaymentIntent(id: string): SignedWebhook;
  /** The customer's card was refused: returns the signed payment_intent.payment_failed webhook. */
  failPaymentIntent(id: string, message?: string): SignedWebhook;
  /** The coach finished onboarding at Stripe: returns the signed account.updated webhook. */
  completeAccount(id: string): SignedWebhook;
  /** The signed charge.refunded event of an intent's charge as it stands (Stripe sends one after every refund, the app's too). */
  chargeRefunded(paymentIntentId: string): SignedWebhook;
  /**
   * Someone refunds the charge in the Stripe dashboard (no metadata, no idempotency key from the
   * app): `amountCents` of it, all of it by default. Returns the refund and the signed charge.refunded event.
   */
  refundOutsideApp(paymentIntentId: string, amountCents?: number): { refund: StripeObject; webhook: SignedWebhook };
  /** Refunds made, oldest first. */
  refunds(): StripeObject[];
  /** Any event, signed with webhookSecret; `created` (Unix seconds) defaults to now. */
  signEvent(type: string, object: Record<string, unknown>, created?: number): SignedWebhook;
  close(): Promise<void>;
};

const CARD_DECLINED: StripeErrorBody = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const webhookSecret = `whsec_${randomToken(32)}`;
  const requests: RecordedStripeRequest[] = [];
  const paymentIntents = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const transfers = new Map<string, StripeObject>();
  const accountLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string }>();
  const idempotent = new Map<string, { form: string; status: number; body: unknown }>();
  const failures: { method?: string; path: string | RegExp; status: number; error: StripeErrorBody }[] = [];
  const delays: { method?: string; path: string | RegExp; ms: number }[] = [];
  const lostAnswers: { method?: string; path: string | RegExp; status: number; error: StripeErrorBody }[] = [];
  let keysExpire = false;
  let url = "";

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: "api_error", message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = new URL(req.url ?? "/", "http://stand-in");
    const raw = await readBody(req);
    const pairs = [...new URLSearchParams(req.method === "GET" ? target.search : raw).entries()];
    const recorded: RecordedStripeRequest = {
      method: req.method ?? "GET",
      path: target.pathname,
      form: Object.fromEntries(pairs),
      body: nest(pairs),
      idempotencyKey: header(req, "idempotency-key"),
      authorization: header(req, "authorization"),
    };

    // A browser following an account link: onboarding completes at once and Stripe sends the coach back.
    const onboarding = /^\/connect\/onboarding\/([^/]+)$/.exec(recorded.path);
    if (req.method === "GET" && onboarding) {
      const link = accountLinks.get(onboarding[1] ?? "");
      if (!link) return send(res, 404, { error: { type: "invalid_request_error", message: "This link has expired" } });
      markAccountComplete(link.account);
      res.writeHead(302, { location: link.returnUrl }).end();
      return;
    }

    requests.push(recorded);
    if (!recorded.authorization?.startsWith("Bearer sk_")) {
      return send(res, 401, { error: { type: "invalid_request_error", message: "You did not provide an API key." } });
    }
    const failure = takeFirstMatching(failures, recorded);
    if (failure) return send(res, failure.status, { error: failure.error });

    const delayMs = takeFirstMatching(delays, recorded)?.ms ?? 0;
    const replayKey = recorded.idempotencyKey && !keysExpire ? `${recorded.method} ${recorded.idempotencyKey}` : undefined;
    if (replayKey && idempotent.has(replayKey)) {
      const first = idempotent.get(replayKey)!;
      if (first.form !== raw) {
        return send(res, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${recorded.idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      res.setHeader("idempotent-replayed", "true");
      return send(res, first.status, first.body);
    }
    const [status, body] = route(recorded);
    // Like Stripe, only a request that did something is saved: a refused one may be retried with the same key.
    if (replayKey && recorded.method === "POST" && status < 400) idempotent.set(replayKey, { form: raw, status, body });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const lost = takeFirstMatching(lostAnswers, recorded);
    if (lost) return send(res, lost.status, { error: lost.error });
    send(res, status, body);
  }

  function route(r: RecordedStripeRequest): [number, unknown] {
    const f = r.body as Record<string, unknown>;
    const metadata = (f.metadata ?? {}) as Record<string, string>;
    let m: RegExpExecArray | null;

    if (r.method === "POST" && r.path === "/v1/payment_intents") {
      const id = `pi_${randomToken(24)}`;
      const intent: StripeObject = {
        id,
        object: "payment_intent",
        amount: Number(f.amount),
        currency: f.currency,
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomToken(24)}`,
        metadata,
        description: f.description ?? null,
        receipt_email: f.receipt_email ?? null,
        automatic_payment_methods: f.automatic_payment_methods
          ? { enabled: (f.automatic_payment_methods as { enabled: string }).enabled === "true" }
          : null,
        last_payment_error: null,
        created: now(),
        livemode: false,
      };
      paymentIntents.set(id, intent);
      return [200, intent];
    }
    // Lists, newest first, paged with limit and starting_after like Stripe's (what the SDK's auto-pagination reads).
    if (r.method === "GET" && r.path === "/v1/payment_intents") return [200, list(r, paymentIntents)];
    if (r.method === "GET" && r.path === "/v1/refunds") {
      const intent = r.form.payment_intent;
      return [200, list(r, intent === undefined ? refunds : new Map([...refunds].filter(([, re]) => re.payment_intent === intent)))];
    }
    if (r.method === "GET" && r.path === "/v1/transfers") {
      const group = r.form.transfer_group;
      return [200, list(r, group === undefined ? transfers : new Map([...transfers].filter(([, tr]) => tr.transfer_group === group)))];
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(r.path))) {
      const intent = paymentIntents.get(m[1] ?? "");
      if (!intent) return missing("payment_intent", m[1] ?? "");
      if (r.method === "GET") return [200, intent];
      if (r.method === "POST") {
        if (intent.status === "succeeded" || intent.status === "canceled") {
          return unexpectedState(`This PaymentIntent's amount could not be updated because it has a status of ${String(intent.status)}.`);
        }
        if (f.amount !== undefined) intent.amount = Number(f.amount);
        if (f.metadata) intent.metadata = { ...(intent.metadata as object), ...metadata };
        return [200, intent];
      }
    }
    if (r.method === "POST" && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(r.path))) {
      const intent = paymentIntents.get(m[1] ?? "");
      if (!intent) return missing("payment_intent", m[1] ?? "");
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`);
      }
      intent.status = "canceled";
      intent.canceled_at = now();
      return [200, intent];
    }
    if (r.method === "POST" && r.path === "/v1/refunds") {
      const intentId = String(f.payment_intent ?? "");
      const intent = paymentIntents.get(intentId);
      if (!intent) return missing("payment_intent", intentId);
      if (intent.status !== "succeeded") return invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
      if ([...refunds.values()].some((refund) => refund.payment_intent === intentId)) {
        return invalid(`Charge for ${intentId} has already been refunded.`, "charge_already_refunded");
      }
      const amount = f.amount !== undefined ? Number(f.amount) : Number(intent.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > Number(intent.amount)) {
        return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than charge amount.`);
      }
      const refund: StripeObject = {
        id: `re_${randomToken(24)}`,
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intentId,
        status: "succeeded",
        metadata,
        created: now(),
      };
      refunds.set(refund.id, refund);
      return [200, refund];
    }
    if (r.method === "POST" && r.path === "/v1/accounts") {
      const account: StripeObject = {
        id: `acct_${randomToken(16)}`,
        object: "account",
        type: f.type,
        email: f.email ?? null,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        capabilities: { card_payments: "inactive", transfers: "inactive" },
        requirements: {
          currently_due: ["business_type", "external_account", "tos_acceptance.date"],
          eventually_due: [],
          past_due: [],
          disabled_reason: "requirements.past_due",
        },
        metadata,
        created: now(),
      };
      accounts.set(account.id, account);
      return [200, account];
    }
    if (r.method === "GET" && (m = /^\/v1\/accounts\/([^/]+)$/.exec(r.path))) {
      const account = accounts.get(m[1] ?? "");
      return account ? [200, account] : missing("account", m[1] ?? "");
    }
    if (r.method === "POST" && r.path === "/v1/account_links") {
      const accountId = String(f.account ?? "");
      if (!accounts.has(accountId)) return missing("account", accountId);
      accountLinks.set(accountId, { account: accountId, returnUrl: String(f.return_url), refreshUrl: String(f.refresh_url) });
      return [200, { object: "account_link", url: `${url}/connect/onboarding/${accountId}`, created: now(), expires_at: now() + 300 }];
    }
    if (r.method === "POST" && (m = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(r.path))) {
      const account = accounts.get(m[1] ?? "");
      if (!account) return missing("account", m[1] ?? "");
      if (!account.details_submitted) return invalid("Cannot create a login link for an account that has not completed onboarding.");
      return [200, { object: "login_link", url: `${url}/express/${account.id}`, created: now() }];
    }
    if (r.method === "POST" && r.path === "/v1/transfers") {
      const destination = accounts.get(String(f.destination ?? ""));
      if (!destination) return invalid(`No such destination: '${String(f.destination)}'`, "resource_missing");
      if ((destination.capabilities as Record<string, string>).transfers !== "active") {
        return invalid(
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
        );
      }
      const transfer: StripeObject = {
        id: `tr_${randomToken(24)}`,
        object: "transfer",
        amount: Number(f.amount),
        currency: f.currency,
        destination: destination.id,
        transfer_group: f.transfer_group ?? null,
        source_transaction: f.source_transaction ?? null,
        metadata,
        reversed: false,
        created: now(),
      };
      transfers.set(transfer.id, transfer);
      return [200, transfer];
    }
    return [404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${r.method}: ${r.path}).` } }];
  }

  function list(r: RecordedStripeRequest, objects: Map<string, StripeObject>): Record<string, unknown> {
    const all = [...objects.values()].reverse();
    const limit = Math.min(Math.max(Number(r.form.limit ?? 10) || 10, 1), 100);
    const after = r.form.starting_after ? all.findIndex((o) => o.id === r.form.starting_after) + 1 : 0;
    const data = all.slice(after, after + limit);
    return { object: "list", url: r.path, has_more: after + limit < all.length, data };
  }

  function markAccountComplete(id: string): StripeObject {
    const account = accounts.get(id);
    if (!account) throw new Error(`stand-in: no account ${id}`);
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { card_payments: "active", transfers: "active" },
      requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
    });
    return account;
  }

  function signEvent(type: string, object: Record<string, unknown>, created = now()): SignedWebhook {
    const event = {
      id: `evt_${randomToken(24)}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created,
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }), event };
  }

  /** The charge of a paid intent, as a charge.refunded event carries it (without its refunds list, as Stripe sends it since 2022-11-15). */
  function chargeRefunded(paymentIntentId: string): SignedWebhook {
    const intent = requireIntent(paymentIntentId);
    const refunded = [...refunds.values()]
      .filter((re) => re.payment_intent === paymentIntentId && re.status !== "failed" && re.status !== "canceled")
      .reduce((sum, re) => sum + Number(re.amount), 0);
    const charge = {
      id: String(intent.latest_charge ?? `ch_${paymentIntentId.replace(/^pi_/, "")}`),
      object: "charge",
      amount: Number(intent.amount),
      amount_captured: Number(intent.amount),
      amount_refunded: refunded,
      currency: intent.currency,
      payment_intent: paymentIntentId,
      paid: true,
      captured: true,
      refunded: refunded >= Number(intent.amount),
      status: "succeeded",
      metadata: intent.metadata,
      created: now(),
    };
    return signEvent("charge.refunded", charge);
  }

  function requireIntent(id: string): StripeObject {
    const intent = paymentIntents.get(id);
    if (!intent) throw new Error(`stand-in: no payment intent ${id}`);
    return intent;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    webhookSecret,
    requests,
    env: () => ({
      STRIPE_SECRET_KEY: "sk_test_stand_in",
      STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: url,
    }),
    requestsTo: (method, path) => requests.filter((r) => r.method === method && matches(r.path, path)),
    clearRequests: () => void requests.splice(0),
    failNext(match, error = CARD_DECLINED, status) {
      failures.push({ ...match, error, status: status ?? (error.type === "card_error" ? 402 : 400) });
    },
    actThenFailNext(match, error, status) {
      lostAnswers.push({ ...match, error, status });
    },
    delayNext(match, ms) {
      delays.push({ ...match, ms });
    },
    expireIdempotencyKeys() {
      keysExpire = true;
      idempotent.clear();
    },
    transfers: (destination) => [...transfers.values()].filter((tr) => destination === undefined || tr.destination === destination),
    declineNextPaymentIntent(message = CARD_DECLINED.message) {
      failures.push({ method: "POST", path: "/v1/payment_intents", status: 402, error: { ...CARD_DECLINED, message } });
    },
    paymentIntent: (id) => paymentIntents.get(id),
    account: (id) => accounts.get(id),
    succeedPaymentIntent(id) {
      const intent = requireIntent(id);
      // Like Stripe, a succeeded intent names its charge (what a transfer's source_transaction points at).
      Object.assign(intent, { status: "succeeded", last_payment_error: null, latest_charge: `ch_${id.replace(/^pi_/, "")}` });
      return signEvent("payment_intent.succeeded", intent);
    },
    failPaymentIntent(id, message = CARD_DECLINED.message) {
      const intent = requireIntent(id);
      Object.assign(intent, { status: "requires_payment_method", last_payment_error: { ...CARD_DECLINED, message } });
      return signEvent("payment_intent.payment_failed", intent);
    },
    completeAccount: (id) => signEvent("account.updated", markAccountComplete(id)),
    chargeRefunded,
    refundOutsideApp(paymentIntentId, amountCents) {
      const intent = requireIntent(paymentIntentId);
      const refund: StripeObject = {
        id: `re_${randomToken(24)}`,
        object: "refund",
        amount: amountCents ?? Number(intent.amount),
        currency: intent.currency,
        payment_intent: paymentIntentId,
        charge: intent.latest_charge ?? null,
        reason: "requested_by_customer",
        status: "succeeded",
        metadata: {},
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { refund, webhook: chargeRefunded(paymentIntentId) };
    },
    refunds: () => [...refunds.values()],
    signEvent,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomToken(14)}` });
  res.end(JSON.stringify(body));
}

function missing(kind: string, id: string): [number, unknown] {
  return [404, { error: { type: "invalid_request_error", code: "resource_missing", param: "id", message: `No such ${kind}: '${id}'` } }];
}

function invalid(message: string, code?: string): [number, unknown] {
  return [400, { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } }];
}

function unexpectedState(message: string): [number, unknown] {
  return invalid(message, "payment_intent_unexpected_state");
}

function matches(path: string, pattern: string | RegExp): boolean {
  return typeof pattern === "string" ? path === pattern : pattern.test(path);
}

/** Removes and returns the first planned behaviour (failure, delay, lost answer) that matches the request. */
function takeFirstMatching<T extends { method?: string; path: string | RegExp }>(
  planned: T[],
  request: { method: string; path: string },
): T | undefined {
  const index = planned.findIndex((p) => (!p.method || p.method === request.method) && matches(request.path, p.path));
  return index >= 0 ? planned.splice(index, 1)[0] : undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** "capabilities[card_payments][requested]=true" -> { capabilities: { card_payments: { requested: "true" } } } */
function nest(pairs: [string, string][]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomToken(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}
