import { Send } from "lucide-react";
import type { KeyboardEvent } from "react";
import { SendMessageRequestSchema } from "@contract/messages";
import { MESSAGE_MAX_LENGTH } from "@contract/message-basics";
import { KEEP_ON_PLATFORM_DETAIL, KEEP_ON_PLATFORM_REMINDER, offPlatformContactIn } from "@contract/off-platform-contact";
import { Button } from "@client/components/ui/button";
import { Textarea } from "@client/components/ui/textarea";
import { useSchemaForm } from "@client/lib/form-errors";
import { useSendMessage } from "../api/messages";

/**
 * The box under a conversation. A refusal without a field (too many messages, a conversation gone)
 * is shown where the message's own error would be.
 */
export function MessageComposer({
  conversationId,
  title,
  remindContact = false,
}: {
  conversationId: number;
  title: string;
  /** A family with a minor (DESIGN.md 12): a phone, e-mail or payment app in the text brings a reminder before sending. */
  remindContact?: boolean;
}) {
  const send = useSendMessage(conversationId);
  const form = useSchemaForm(SendMessageRequestSchema, { body: "" }, { toastOnInvalid: false });
  const { errors } = form.formState;
  const error = errors.body?.message ?? errors.root?.server?.message;
  const body = form.watch("body");
  const length = [...body].length;
  const remind = remindContact && offPlatformContactIn(body) !== null;

  const submit = form.submit(async ({ body }) => {
    if (send.isPending) return;
    try {
      await send.mutateAsync(body);
      form.reset({ body: "" });
    } catch (err) {
      if (!form.showServerError(err)) {
        form.setError("root.server", { message: err instanceof Error ? err.message : "Could not send the message. Please try again." });
      }
    }
  });

  // Enter sends, Shift+Enter starts a new line (as in every chat).
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-1 border-t border-slate-200 p-3">
      <label htmlFor="message-body" className="text-sm font-semibold text-field-950">
        Message to {title}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id="message-body"
          rows={2}
          className="min-h-12 flex-1 resize-none"
          {...form.register("body")}
          onKeyDown={onKeyDown}
          aria-describedby={error ? "message-hint message-error" : "message-hint"}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" isLoading={send.isPending} aria-label="Send message">
          <Send aria-hidden /> <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <p id="message-hint" className="text-xs text-slate-500">
        Enter to send, Shift+Enter for a new line. {length}/{MESSAGE_MAX_LENGTH}
      </p>
      {remind ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="keep-on-platform"
        >
          <span className="font-semibold">{KEEP_ON_PLATFORM_REMINDER}</span> {KEEP_ON_PLATFORM_DETAIL}
        </p>
      ) : null}
      {error ? (
        <p id="message-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
