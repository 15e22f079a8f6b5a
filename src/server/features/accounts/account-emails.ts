import type { AppDeps } from "../../deps";

/** A mail whose point is one link (password reset, e-mail verification): plain text and HTML with a button. */
type LinkEmail = {
  to: string;
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  link: string;
  validity: string;
  ignore: string;
};

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const greetingFor = (firstName: string | null) => (firstName ? `Hi ${firstName},` : "Hi,");

/** Sends the mail; a failure is logged, never shown to the caller (the answers must not depend on it). */
export async function sendLinkEmail(deps: AppDeps, mail: LinkEmail): Promise<void> {
  const href = escape(mail.link);
  try {
    await deps.mailer.send({
      to: mail.to,
      subject: mail.subject,
      text: [mail.greeting, "", mail.intro, `Open this link within ${mail.validity}:`, "", mail.link, "", mail.ignore].join("\n"),
      html: `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #0f172a;">
<p>${escape(mail.greeting)}</p>
<p>${escape(mail.intro)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;">${escape(mail.button)}</a></p>
<p>Or copy this link into your browser (valid for ${escape(mail.validity)}):<br><a href="${href}">${href}</a></p>
<p>${escape(mail.ignore)}</p>
</body></html>`,
    });
  } catch (err) {
    deps.logger.error({ err, subject: mail.subject }, "account e-mail failed");
  }
}

/** Tells the old address that the account's e-mail changed, so a takeover does not go unnoticed. */
export async function sendEmailChangedNotice(deps: AppDeps, to: string, firstName: string | null, newEmail: string): Promise<void> {
  try {
    await deps.mailer.send({
      to,
      subject: "Your e-mail address was changed",
      text: [
        greetingFor(firstName),
        "",
        `The e-mail address of your Lacrosse Coaching account is now ${newEmail}.`,
        `If you did not make this change, reply to this message or write to ${deps.config.supportEmail} at once.`,
      ].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err }, "e-mail change notice failed");
  }
}

/**
 * Someone asked to move their account to this address, which already has an account: its owner is
 * told (no link, nothing the requester chose), and the requester sees the same answer as for a
 * free address.
 */
export async function sendAddressInUseNotice(deps: AppDeps, to: string): Promise<void> {
  try {
    await deps.mailer.send({
      to,
      subject: "Someone tried to use your e-mail address",
      text: [
        "Hello,",
        "",
        "Someone asked to change the e-mail address of another Lacrosse Coaching account to this address, which already has an account.",
        "Nothing was changed. Your account and its sign-in stay as they are.",
        `If you have questions, write to ${deps.config.supportEmail}.`,
      ].join("\n"),
    });
  } catch (err) {
    deps.logger.error({ err }, "address-in-use notice failed");
  }
}
