import {
  CONTENT_BLOCK_NOT_FOUND_MESSAGE,
  TESTIMONIAL_NOT_FOUND_MESSAGE,
  type ContactRequest,
  type ContentBlockCreate,
  type ContentBlockUpdate,
  type TestimonialCreate,
  type TestimonialUpdate,
} from "@contract/content";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import * as repo from "./content.repository";

/**
 * Stores the message, then e-mails it to support. The stored row is the record: a failed e-mail
 * is logged, not reported to the visitor, because what they wrote is already saved.
 */
export async function submitContactMessage(deps: AppDeps, message: ContactRequest): Promise<void> {
  const { id } = await repo.insertContactMessage(deps.database.db, { ...message, createdAt: deps.clock.now() });
  try {
    await deps.mailer.send({
      to: deps.config.supportEmail,
      replyTo: message.email,
      subject: `Contact form: ${singleLine(message.name)}`,
      text: [
        `A visitor sent a question through the Contact Us form (message #${id}).`,
        "",
        `Name: ${message.name}`,
        `Email: ${message.email}`,
        `Phone: ${message.phone}`,
        "",
        "Question:",
        message.question,
      ].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err, contactMessageId: id }, "contact message stored but the e-mail to support failed");
  }
}

export const listTestimonials = (deps: AppDeps) => repo.listTestimonials(deps.database.db);

export const listContentBlocks = (deps: AppDeps) => repo.listContentBlocks(deps.database.db);

export const createContentBlock = (deps: AppDeps, values: ContentBlockCreate) =>
  repo.insertContentBlock(deps.database.db, values, deps.clock.now());

export async function updateContentBlock(deps: AppDeps, id: number, changes: ContentBlockUpdate) {
  const block = await repo.updateContentBlock(deps.database.db, id, changes, deps.clock.now());
  if (!block) throw notFound(CONTENT_BLOCK_NOT_FOUND_MESSAGE);
  return block;
}

export async function deleteContentBlock(deps: AppDeps, id: number): Promise<void> {
  if (!(await repo.deleteContentBlock(deps.database.db, id))) throw notFound(CONTENT_BLOCK_NOT_FOUND_MESSAGE);
}

export const createTestimonial = (deps: AppDeps, values: TestimonialCreate) =>
  repo.insertTestimonial(deps.database.db, values, deps.clock.now());

export async function updateTestimonial(deps: AppDeps, id: number, changes: TestimonialUpdate) {
  const testimonial = await repo.updateTestimonial(deps.database.db, id, changes, deps.clock.now());
  if (!testimonial) throw notFound(TESTIMONIAL_NOT_FOUND_MESSAGE);
  return testimonial;
}

export async function deleteTestimonial(deps: AppDeps, id: number): Promise<void> {
  if (!(await repo.deleteTestimonial(deps.database.db, id))) throw notFound(TESTIMONIAL_NOT_FOUND_MESSAGE);
}

/** A visitor's name goes into a mail header: line breaks there would forge headers. */
function singleLine(value: string): string {
  return value.replace(/\p{Cc}+/gu, " ").slice(0, 120);
}

export const getPublicFigures = (deps: AppDeps) => repo.countPublicFigures(deps.database.db);
