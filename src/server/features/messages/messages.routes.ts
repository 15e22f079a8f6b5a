import { Router } from "express";
import { OpenConversationRequestSchema, PageQuerySchema, ReportMessageRequestSchema, SendMessageRequestSchema } from "@contract/messages";
import { MESSAGES_NEXT_CURSOR_HEADER, MessageMessages } from "@contract/message-basics";
import type { AppDeps } from "../../deps";
import { requireUser } from "../../http/require-session";
import { listMessageReports, reportMessage } from "./message-reports.service";
import { parseBody, parseIdParam, parseQuery } from "../../http/validate-request";
import {
  getConversation,
  listConversationMessages,
  listMyConversations,
  markConversationRead,
  openConversation,
  sendMessage,
  unreadOf,
} from "./messages.service";

/** Messages between a coach and a family (DESIGN.md 11, issue 24). */
export function messagesRouter(deps: AppDeps): Router {
  const router = Router();

  router.get("/conversations", async (req, res) => {
    const user = requireUser(req);
    const { cursor } = parseQuery(req, PageQuerySchema);
    const page = await listMyConversations(deps, user, cursor);
    if (page.nextCursor) res.setHeader(MESSAGES_NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.items);
  });

  // 201 for a new conversation, 200 for the pair's existing one.
  router.post("/conversations", async (req, res) => {
    const user = requireUser(req);
    const input = parseBody(req, OpenConversationRequestSchema);
    const { conversation, created } = await openConversation(deps, user, input);
    res.status(created ? 201 : 200).json(conversation);
  });

  router.get("/conversations/unread", async (req, res) => {
    res.json(await unreadOf(deps, requireUser(req)));
  });

  router.get("/conversations/:id", async (req, res) => {
    const user = requireUser(req);
    res.json(await getConversation(deps, user, parseIdParam(req)));
  });

  router.get("/conversations/:id/messages", async (req, res) => {
    const user = requireUser(req);
    const id = parseIdParam(req);
    const { cursor } = parseQuery(req, PageQuerySchema);
    const page = await listConversationMessages(deps, user, id, cursor);
    if (page.nextCursor) res.setHeader(MESSAGES_NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.items);
  });

  router.post("/conversations/:id/messages", async (req, res) => {
    const user = requireUser(req);
    const id = parseIdParam(req);
    const { body } = parseBody(req, SendMessageRequestSchema);
    res.status(201).json(await sendMessage(deps, user, id, body));
  });

  router.post("/conversations/:id/read", async (req, res) => {
    const user = requireUser(req);
    res.json(await markConversationRead(deps, user, parseIdParam(req)));
  });

  router.post("/messages/:id/report", async (req, res) => {
    const user = requireUser(req);
    const id = parseIdParam(req);
    const { reason } = parseBody(req, ReportMessageRequestSchema);
    const { report, created } = await reportMessage(deps, user, id, reason);
    res.status(created ? 201 : 200).json({ ...report, message: MessageMessages.REPORTED });
  });

  return router;
}

/** Under /api/admin (the one admin guard in app.ts): the queue of reported messages. */
export function messageReportsAdminRouter(deps: AppDeps): Router {
  const router = Router();
  router.get("/message-reports", async (req, res) => {
    const { cursor } = parseQuery(req, PageQuerySchema);
    const page = await listMessageReports(deps, cursor);
    if (page.nextCursor) res.setHeader(MESSAGES_NEXT_CURSOR_HEADER, page.nextCursor);
    res.json(page.items);
  });
  return router;
}
