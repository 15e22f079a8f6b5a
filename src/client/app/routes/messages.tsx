import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { Redirect, useLocation, useParams, useSearch } from "wouter";
import { conversationPath } from "../../../contract/message-basics";
import { PageTitle } from "../../components/ui/page-title";
import { FullPageSpinner } from "../../components/ui/spinner";
import { paths } from "../../config/paths";
import { useCurrentUser } from "../../lib/current-user";
import { useOpenConversation } from "../../features/messages/api/messages";
import { ConversationList } from "../../features/messages/components/conversation-list";
import { ConversationView } from "../../features/messages/components/conversation-view";
import { MessageReports } from "../../features/messages/components/message-reports";
import { RedirectNotice, SIGNED_OUT_REDIRECT_DELAY_MS } from "../role-guard";
import { isUnauthorized } from "../../lib/api-client";

/**
 * /messages and /messages/{id} (issue 24): a family's or coach's conversations beside the open one
 * (one pane at a time on a phone). `?coach=` (a family, from a coach profile or a booking) and
 * `?with=` (a coach, from a family's request or booking) find or start that conversation first.
 * An admin sees the queue of reported messages here instead.
 */
export function MessagesPage() {
  const { user, isLoading } = useCurrentUser();
  const { id } = useParams<{ id?: string }>();
  if (isLoading) return <FullPageSpinner label="Loading..." />;
  if (!user) return <RedirectNotice title="Unauthorized" to="/login" delayMs={SIGNED_OUT_REDIRECT_DELAY_MS} />;
  if (user.userType === "admin") {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageTitle>Reported messages</PageTitle>
        <MessageReports viewerId={user.id} />
      </div>
    );
  }
  const conversationId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (id !== undefined && conversationId === null) return <Redirect to={paths.messages()} replace />;
  return <Messages conversationId={conversationId} viewerId={user.id} />;
}

/**
 * Issue 47: the panes end at the screen's bottom edge whatever sits above them (the e-mail notice, an
 * error, the heading), so the composer is on the first screen and only the thread scrolls. The
 * classes' fixed guess stands until the page has been laid out.
 */
function useFitToScreen(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      // Below the panes: the page's bottom padding from the small breakpoint up.
      const below = Number.parseFloat(getComputedStyle(el.parentElement ?? el).paddingBottom) || 0;
      el.style.height = `max(28rem, calc(100dvh - ${Math.round(top + below)}px))`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    // What can move the panes: the header and the notice above the page, and the page's heading or
    // an error above them (which change the size of the panes' container).
    const watched = [document.querySelector("header"), document.querySelector("#main")?.previousElementSibling, el.parentElement];
    for (const node of watched) if (node) observer.observe(node);
    window.addEventListener("resize", fit);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", fit);
    };
  }, [ref]);
}

function Messages({ conversationId, viewerId }: { conversationId: number | null; viewerId: number }) {
  const opening = useOpenTarget();
  const panes = useRef<HTMLDivElement>(null);
  useFitToScreen(panes);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col px-0 py-0 sm:px-6 sm:py-6">
      <h1
        className={
          conversationId === null ? "px-4 pt-4 font-display text-3xl font-bold text-field-950 uppercase sm:px-0 sm:pt-0" : "sr-only"
        }
      >
        Messages
      </h1>
      {opening.error ? (
        <p role="alert" className="mx-4 my-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800 sm:mx-0">
          {opening.error}
        </p>
      ) : null}
      <div
        ref={panes}
        className="mt-0 grid h-[calc(100dvh-4rem)] min-h-[28rem] grid-cols-1 overflow-hidden border-slate-200 bg-white sm:mt-4 sm:h-[calc(100dvh-12rem)] sm:rounded-2xl sm:border md:grid-cols-[20rem_1fr]"
      >
        <div
          className={
            conversationId === null
              ? "min-h-0 overflow-y-auto md:border-r md:border-slate-200"
              : "hidden min-h-0 overflow-y-auto md:block md:border-r md:border-slate-200"
          }
        >
          <ConversationList activeId={conversationId} viewerId={viewerId} />
        </div>
        <div className={conversationId === null ? "hidden min-h-0 md:flex md:items-center md:justify-center" : "flex min-h-0 flex-col"}>
          {conversationId === null ? (
            <p className="p-6 text-slate-600">{opening.isPending ? "Opening the conversation..." : "Choose a conversation."}</p>
          ) : (
            <ConversationView key={conversationId} conversationId={conversationId} viewerId={viewerId} backHref={paths.messages()} />
          )}
        </div>
      </div>
    </div>
  );
}

/** `?coach=` or `?with=`: find or start that conversation, then show it in place of this address. */
function useOpenTarget(): { isPending: boolean; error: string | null } {
  const search = useSearch();
  const [, navigate] = useLocation();
  const open = useOpenConversation();
  const { mutateAsync } = open;
  const asked = useRef<string | null>(null);
  const params = new URLSearchParams(search);
  const coach = params.get("coach");
  const withUser = params.get("with");
  const target =
    coach && /^\d{1,9}$/.test(coach)
      ? { coachId: Number(coach) }
      : withUser && /^\d{1,9}$/.test(withUser)
        ? { userId: Number(withUser) }
        : null;
  const key = target ? JSON.stringify(target) : null;

  useEffect(() => {
    if (!key || asked.current === key) return;
    asked.current = key;
    mutateAsync(JSON.parse(key) as { coachId: number } | { userId: number })
      .then((conversation) => navigate(conversationPath(conversation.id), { replace: true }))
      .catch(() => undefined); // the error shows below; a 401 takes the query client's logged-out path
  }, [key, mutateAsync, navigate]);

  return { isPending: open.isPending, error: open.error && !isUnauthorized(open.error) ? open.error.message : null };
}
