import { CoachMessages } from "@contract/coaches";
import { SHARE_LINK_NOT_PUBLIC, type ShareLink } from "@contract/share-link";
import { coachIdOfUser } from "../../db/coach-of-user";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import type { UserRow } from "../accounts/sessions.repository";
import { coachImagePath } from "./head";
import { pageReads } from "./page-reads";
import { loadPublicPage } from "./public-page.service";

/**
 * GET /api/coach/share-link (issue 44): the coach's public page as a shared link shows it, read from
 * the head the server writes into that page (loadPublicPage), not built a second time: the dashboard's
 * link is the page's canonical address and its preview the page's Open Graph title, description and image.
 * 404 when the user has no coach profile, or when its page is not public.
 */
export async function getShareLink(deps: AppDeps, user: UserRow): Promise<ShareLink> {
  const coachId = await coachIdOfUser(deps.database.db, user.id);
  if (coachId === undefined) throw notFound(CoachMessages.PROFILE_NOT_FOUND);
  const page = await loadPublicPage(deps, pageReads(deps), `/coach/${coachId}`);
  if (page.status !== 200) throw notFound(SHARE_LINK_NOT_PUBLIC);
  const { og } = page.head;
  return {
    coachId,
    url: og.url,
    title: og.title,
    description: og.description,
    imageUrl: og.image,
    imagePath: coachImagePath(coachId),
    siteName: og.siteName,
    host: new URL(deps.config.appUrl).host,
  };
}
