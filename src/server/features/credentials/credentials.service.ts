import {
  type AddCredentialRequest,
  type AdminCredential,
  CREDENTIAL_LABELS,
  type Credential,
  type CredentialDocumentType,
  CredentialMessages,
  type CredentialStatus,
  credentialExpiresOn,
  type ScreeningResult,
  SCREENING_KINDS,
} from "@contract/credentials";
import { ErrorCode } from "@contract/error-basics";
import { LIST_PAGE_SIZE } from "@contract/paging";
import { createScreeningProvider } from "../../adapters/screening/create-provider";
import { ScreeningSignatureError } from "../../adapters/screening/provider";
import { coachIdOfUser } from "../../db/coach-of-user";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { pageOf, type Page } from "../../http/list-page";
import { calendarEvents, publishEvents } from "../../realtime/events";
import type { UserRow } from "../accounts/sessions.repository";
import { recordAdminAction } from "../audit/audit.service";
import { instantToLocal } from "../slots/slot-time";
import * as repo from "./credentials.repository";

export type ScreeningKind = (typeof SCREENING_KINDS)[number];

/** Today's date (yyyy-MM-dd) by the app clock in the app's time zone: the day credentials expire on. */
export function todayOf(deps: Pick<AppDeps, "clock" | "config">): string {
  return instantToLocal(deps.clock.now(), deps.config.appTimeZone).date;
}

function toCredential(row: repo.CredentialWithDocument): Credential {
  const runningCheck = row.kind === "background_check" && row.screeningId !== null && row.screeningResult === null;
  return {
    id: row.id,
    kind: row.kind,
    label: CREDENTIAL_LABELS[row.kind],
    status: row.status,
    completedOn: row.completedOn,
    expiresOn: row.expiresOn,
    memberNumber: row.memberNumber,
    level: row.level,
    rejectionReason: row.status === "rejected" ? row.rejectionReason : null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    screening: row.kind !== "background_check" ? null : runningCheck ? "running" : row.screeningResult,
    document: row.document
      ? { contentType: row.document.contentType, sizeBytes: row.document.sizeBytes, uploadedAt: row.document.uploadedAt.toISOString() }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The coach profile of a coach user; a coach without one has no credentials yet (403 with the reason). */
async function requireCoachId(deps: AppDeps, user: UserRow): Promise<number> {
  const coachId = await coachIdOfUser(deps.database.db, user.id);
  if (coachId === undefined) throw forbidden(CredentialMessages.NO_COACH_PROFILE);
  return coachId;
}

/** A credential of this coach, or 404 (someone else's answers like a missing one, DESIGN 5). */
async function requireOwnCredential(deps: AppDeps, user: UserRow, id: number): Promise<repo.CredentialWithDocument> {
  const coachId = await coachIdOfUser(deps.database.db, user.id);
  const row = await repo.findCredential(deps.database.db, id);
  if (!row || coachId === undefined || row.coachId !== coachId) throw notFound("Credential not found");
  return row;
}

/** GET /api/coach/credentials: newest first. */
export async function listMyCredentials(deps: AppDeps, user: UserRow): Promise<Credential[]> {
  const coachId = await coachIdOfUser(deps.database.db, user.id);
  if (coachId === undefined) return [];
  return (await repo.listCredentialsOfCoach(deps.database.db, coachId)).map(toCredential);
}

/** POST /api/coach/credentials: pending until an admin looks at it (and its document). */
export async function addCredential(deps: AppDeps, user: UserRow, body: AddCredentialRequest): Promise<Credential> {
  const coachId = await requireCoachId(deps, user);
  const today = todayOf(deps);
  if (body.kind === "safesport" && body.completedOn && body.completedOn > today) {
    throw badRequest(CredentialMessages.COMPLETED_IN_FUTURE, "completedOn");
  }
  const completedOn = body.kind === "safesport" ? (body.completedOn ?? null) : null;
  const givenExpiry = body.kind === "usa_lacrosse" || body.kind === "first_aid" ? (body.expiresOn ?? null) : null;
  const expiresOn = credentialExpiresOn(body.kind, { completedOn, expiresOn: givenExpiry }, null);
  if (expiresOn !== null && expiresOn <= today) {
    throw badRequest(CredentialMessages.ALREADY_EXPIRED, body.kind === "safesport" ? "completedOn" : "expiresOn");
  }
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    if (await repo.findPendingOfKind(tx, coachId, body.kind)) throw conflict(CredentialMessages.ALREADY_OPEN, "kind");
    return repo.insertCredential(tx, {
      coachId,
      kind: body.kind,
      status: "pending",
      completedOn,
      expiresOn,
      memberNumber: body.kind === "usa_lacrosse" ? (body.memberNumber ?? null) : null,
      level: body.kind === "cdp_level" ? (body.level ?? null) : null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return toCredential({ ...row, document: null });
}

/** What a document's first bytes say it is: only PDF, PNG and JPEG are taken, whatever the upload claimed. */
function sniffDocumentType(bytes: Buffer): CredentialDocumentType | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

/** POST /api/coach/credentials/{id}/document: replaces the document; a decided credential goes back to review. */
export async function uploadCredentialDocument(deps: AppDeps, user: UserRow, id: number, bytes: Buffer): Promise<Credential> {
  const credential = await requireOwnCredential(deps, user, id);
  const contentType = sniffDocumentType(bytes);
  if (!contentType) throw badRequest(CredentialMessages.DOCUMENT_TYPE, "document");
  if (credential.kind === "background_check") throw badRequest(CredentialMessages.USE_BACKGROUND_CHECK, "document");
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const locked = await repo.lockCredential(tx, id);
    if (!locked) throw notFound("Credential not found");
    await repo.upsertDocument(tx, { credentialId: id, contentType, bytes, sizeBytes: bytes.length, uploadedAt: now });
    // A rejected credential with a new document is looked at again.
    if (locked.status === "rejected") await repo.updateCredential(tx, id, { status: "pending", rejectionReason: null, updatedAt: now });
  });
  return toCredential(await requireOwnCredential(deps, user, id));
}

/** GET /api/coach/credentials/{id}/document: the coach's own, or any for an admin. */
export async function readCredentialDocument(deps: AppDeps, user: UserRow, id: number): Promise<{ contentType: string; bytes: Buffer }> {
  if (user.userType !== "admin") await requireOwnCredential(deps, user, id);
  const document = await repo.readDocument(deps.database.db, id);
  if (!document) throw notFound(CredentialMessages.NO_DOCUMENT);
  return document;
}

/** DELETE /api/coach/credentials/{id}: the credential, its document and any badge it gave. */
export async function removeCredential(deps: AppDeps, user: UserRow, id: number): Promise<void> {
  const credential = await requireOwnCredential(deps, user, id);
  await repo.deleteCredential(deps.database.db, id);
  if (credential.status === "verified") await credentialsChanged(deps, credential.coachId);
}

/** POST /api/coach/background-check (202): orders a check from the screening provider. */
export async function startBackgroundCheck(deps: AppDeps, user: UserRow): Promise<Credential> {
  const coachId = await requireCoachId(deps, user);
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    if (await repo.findPendingOfKind(tx, coachId, "background_check")) throw conflict(CredentialMessages.CHECK_RUNNING);
    return repo.insertCredential(tx, { coachId, kind: "background_check", status: "pending", createdAt: now, updatedAt: now });
  });
  try {
    const { checkId } = await createScreeningProvider(deps.config).startCheck({
      reference: `credential_${row.id}`,
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
    });
    await repo.updateCredential(deps.database.db, row.id, { screeningId: checkId, updatedAt: deps.clock.now() });
    return toCredential({ ...row, screeningId: checkId, document: null });
  } catch (err) {
    // Nothing was ordered: the coach may try again at once.
    deps.logger.warn({ err, credentialId: row.id }, "could not start a background check");
    await repo.deleteCredential(deps.database.db, row.id);
    throw new AppError(502, ErrorCode.INTERNAL, CredentialMessages.SCREENING_UNAVAILABLE);
  }
}

/** A check came back: clear verifies it (valid two years from today); consider leaves it for an admin. */
async function settleScreening(deps: AppDeps, credentialId: number, result: ScreeningResult): Promise<boolean> {
  const now = deps.clock.now();
  const today = todayOf(deps);
  const settled = await deps.database.db.transaction(async (tx) => {
    const locked = await repo.lockCredential(tx, credentialId);
    if (!locked || locked.kind !== "background_check" || locked.status !== "pending" || locked.screeningResult !== null) return null;
    if (result === "clear") {
      await repo.updateCredential(tx, credentialId, {
        screeningResult: "clear",
        status: "verified",
        verifiedAt: now,
        expiresOn: credentialExpiresOn("background_check", { completedOn: null, expiresOn: null }, today),
        lastExpiryNoticeDays: null,
        updatedAt: now,
      });
    } else {
      await repo.updateCredential(tx, credentialId, { screeningResult: "consider", updatedAt: now });
    }
    return locked;
  });
  if (!settled) return false;
  if (result === "clear") {
    await credentialsChanged(deps, settled.coachId);
    await mailCoach(deps, settled.coachId, "Your background check is complete", [
      "Your background check came back clear. Families now see it on your profile.",
    ]);
  }
  return true;
}

/** POST /api/test/screening/{credentialId} (test clock on, simulated provider): settles a running check. */
export async function settleSimulatedScreening(deps: AppDeps, credentialId: number, result: ScreeningResult): Promise<Credential> {
  const row = await repo.findCredential(deps.database.db, credentialId);
  if (!row || row.kind !== "background_check" || !row.screeningId?.startsWith("sim_chk_")) throw notFound("Background check not found");
  if (!(await settleScreening(deps, credentialId, result))) throw conflict(CredentialMessages.NOT_SIMULATED);
  return toCredential(await repo.findCredential(deps.database.db, credentialId).then((r) => r ?? row));
}

/** POST /api/webhooks/screening: a signed answer from the real provider (400 on a bad signature). */
export async function handleScreeningWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  let event;
  try {
    event = createScreeningProvider(deps.config).parseWebhookEvent(rawBody, signature, deps.clock.now());
  } catch (err) {
    const reason = err instanceof ScreeningSignatureError ? err.message : "the event could not be read";
    deps.logger.warn({ reason }, "screening webhook refused");
    throw badRequest(CredentialMessages.INVALID_SIGNATURE);
  }
  const credential = await repo.findCredentialByScreeningId(deps.database.db, event.checkId);
  // An unknown check (or a repeat of a settled one) is acknowledged, so the provider stops retrying.
  if (!credential) {
    deps.logger.warn({ checkId: event.checkId }, "screening webhook for an unknown check");
    return;
  }
  await settleScreening(deps, credential.id, event.result);
}

/** GET /api/admin/credentials?status=: the queue, oldest first, paged. */
export async function listCredentialsForAdmin(
  deps: AppDeps,
  status: CredentialStatus,
  cursor: number | undefined,
): Promise<Page<AdminCredential>> {
  const rows = await repo.listCredentialsByStatus(deps.database.db, status, cursor ?? null, LIST_PAGE_SIZE + 1);
  return pageOf(
    rows,
    LIST_PAGE_SIZE,
    (r) => r.id,
    (r) => ({
      ...toCredential(r),
      coachId: r.coachId,
      coachUserId: r.coachUserId,
      coachName: r.coachName || "Coach",
      coachEmail: r.coachEmail,
    }),
  );
}

/** POST /api/admin/credentials/{id}/verify or /reject {reason}: decided once, with its line in the audit log. */
export async function decideCredential(
  deps: AppDeps,
  admin: UserRow,
  id: number,
  decision: { verify: true } | { verify: false; reason: string },
): Promise<Credential> {
  const now = deps.clock.now();
  const today = todayOf(deps);
  const decided = await deps.database.db.transaction(async (tx) => {
    const locked = await repo.lockCredential(tx, id);
    if (!locked) throw notFound("Credential not found");
    const stillWithProvider = locked.kind === "background_check" && locked.screeningResult === null;
    if (locked.status !== "pending" || stillWithProvider) throw conflict(CredentialMessages.NOT_PENDING);
    const coach = await repo.findCoachUser(tx, locked.coachId);
    if (decision.verify) {
      const expiresOn =
        locked.kind === "background_check"
          ? credentialExpiresOn("background_check", { completedOn: null, expiresOn: null }, today)
          : locked.expiresOn;
      await repo.updateCredential(tx, id, {
        status: "verified",
        verifiedAt: now,
        decidedBy: admin.id,
        expiresOn,
        lastExpiryNoticeDays: null,
        updatedAt: now,
      });
    } else {
      await repo.updateCredential(tx, id, { status: "rejected", rejectionReason: decision.reason, decidedBy: admin.id, updatedAt: now });
    }
    await recordAdminAction(
      tx,
      {
        adminId: admin.id,
        action: decision.verify ? "credential_verified" : "credential_rejected",
        targetUserId: coach?.userId ?? null,
        subject: `credential ${id} (${CREDENTIAL_LABELS[locked.kind]})`,
        note: decision.verify ? "" : decision.reason,
      },
      now,
    );
    return locked;
  });
  const label = CREDENTIAL_LABELS[decided.kind];
  if (decision.verify) {
    await credentialsChanged(deps, decided.coachId);
    await mailCoach(deps, decided.coachId, `Verified: ${label}`, [`Your credential "${label}" is verified and now shows on your profile.`]);
  } else {
    await mailCoach(deps, decided.coachId, `Not verified: ${label}`, [
      `We could not verify your credential "${label}".`,
      `Reason: ${decision.reason}`,
      `You can upload a new document from your dashboard: ${deps.config.appUrl}/coach-dashboard`,
    ]);
  }
  const row = await repo.findCredential(deps.database.db, id);
  if (!row) throw notFound("Credential not found");
  return toCredential(row);
}

/** Search's directory reloads the coach (badges are part of the listing). */
export async function credentialsChanged(deps: AppDeps, coachId: number): Promise<void> {
  await publishEvents(deps, [calendarEvents.coachUpdated(coachId)]);
}

export async function mailCoach(deps: AppDeps, coachId: number, subject: string, lines: string[]): Promise<void> {
  const coach = await repo.findCoachUser(deps.database.db, coachId);
  if (!coach) return;
  await deps.mailer.send({ to: coach.email, subject, text: [`Hi ${coach.firstName ?? "Coach"},`, "", ...lines].join("\n") });
}
