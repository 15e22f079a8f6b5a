/**
 * The Privacy Policy and the Terms of Service as structured data. The client pages
 * (/privacy-policy, /terms-of-service), the text download fallback and the server's PDF
 * (GET /api/generate-pdf/terms-of-service) all render from this one source, so the facts of
 * player-side section 9 (ages, cancellation, deletion and response times, governing law) can
 * only be stated once.
 */

import { NO_SHOW_POLICY } from "./progress-basics";
import { PLATFORM_FEE_PERCENT } from "./money";

export type LegalSection = {
  heading: string;
  paragraphs: string[];
};

export type LegalDocument = {
  title: string;
  /** ISO date (YYYY-MM-DD) the text last changed. */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
};

export const LEGAL_PRODUCT_NAME = "LaxCoach";
export const MINIMUM_ACCOUNT_AGE = 13;
export const MINIMUM_COACH_AGE = 18;
export const FULL_REFUND_CANCELLATION_HOURS = 24;
export const PRIVACY_DELETION_DAYS = 30;
export const PRIVACY_RESPONSE_DAYS = 30;
export const TERMS_RESPONSE_BUSINESS_DAYS = 7;
export const GOVERNING_LAW_STATE = "Utah";
/** The day the texts last changed; equal to the Privacy Policy version a guardian's consent names (children.ts, a test keeps them equal). */
export const LEGAL_LAST_UPDATED = "2026-11-29";
/** The family and package facts the texts state; a test checks each against its rule in the contract. */
export const LEGAL_INVITATION_VALID_DAYS = 7;
export const LEGAL_INVITATIONS_PER_FAMILY_PER_DAY = 5;
export const LEGAL_INVITATIONS_PER_ADDRESS_PER_DAY = 3;
export const LEGAL_PACKAGE_VALID_DAYS = { min: 30, max: 365 } as const;

const name = LEGAL_PRODUCT_NAME;

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: `These Terms of Service govern your use of ${name}, an online marketplace where lacrosse players and their parents or guardians find, book and pay for training sessions with independent lacrosse coaches. By creating an account or using the service you agree to these terms. If you do not agree, do not use ${name}.`,
  sections: [
    {
      heading: "1. Who may use the service",
      paragraphs: [
        `You must be at least ${MINIMUM_ACCOUNT_AGE} years old to create an account. A child under ${MINIMUM_ACCOUNT_AGE} never holds an account: a parent or guardian creates the account and adds the child as an athlete of their family. Players from ${MINIMUM_ACCOUNT_AGE} to 17 may hold their own account only with the consent and supervision of a parent or legal guardian, who accepts these terms on the minor's behalf and is responsible for the minor's bookings, payments and conduct.`,
        `Coaches must be at least ${MINIMUM_COACH_AGE} years old and legally able to enter into a binding contract.`,
        "You agree to give accurate, current and complete information when you register and to keep it up to date.",
      ],
    },
    {
      heading: "2. Accounts and security",
      paragraphs: [
        "You are responsible for keeping your password confidential and for everything that happens under your account. Tell us at once if you believe your account has been used without your permission.",
        "You may sign in with an e-mail address and password or through a supported third-party identity provider. We may suspend or close accounts that break these terms.",
      ],
    },
    {
      heading: "3. Our role as a marketplace",
      paragraphs: [
        `${name} connects players with coaches. Coaches are independent providers, not employees or agents of ${name}. Coaches set their own rates, schedules and session content, and are solely responsible for the training they provide.`,
        `${name} does not guarantee the quality, safety or outcome of any session. Players and parents should use their own judgement when choosing a coach.`,
      ],
    },
    {
      heading: "4. Bookings, fees and payments",
      paragraphs: [
        "Sessions are booked for a time slot the coach has published, or through a session request that the coach accepts. A booking is confirmed only once payment succeeds.",
        `Payments are processed by our card payment provider; we do not store full card numbers. Every price a family sees already includes a platform fee of ${PLATFORM_FEE_PERCENT}% of the coach's rate: a $80.00 session is shown and charged as $92.00. Coaches keep 100% of their rate. Optional tips go to the coach in full.`,
        "A family with more than one athlete chooses which athlete each booking is for. Siblings can take seats in the same group session in one booking: every seat is held, or none is. A weekly series holds its weeks together and is paid in one checkout.",
        "Payment for a completed session is held and released to the coach's connected payment account after the coach submits post-session feedback.",
      ],
    },
    {
      heading: "5. Cancellations and refunds",
      paragraphs: [
        `You can cancel a paid booking yourself from My Bookings. Cancelled ${FULL_REFUND_CANCELLATION_HOURS} hours or more before the session starts, it is refunded in full, automatically. Within ${FULL_REFUND_CANCELLATION_HOURS} hours of the start a booking can no longer be cancelled for a refund: message your coach instead. Sessions missed without notice are not refunded.`,
        "A booking that is not paid for before its hold runs out is released without charge.",
        "If a coach cancels a confirmed session, every participant receives a full refund and is told by e-mail, and by text message if they opted in to text messages. Refunds are returned to the original payment method; how long they take to appear depends on the card issuer.",
        NO_SHOW_POLICY,
      ],
    },
    {
      heading: "6. Families: owner, guardians and invitations",
      paragraphs: [
        `Each account holder's athletes form a family. The guardian who created the family is its owner. Only the owner invites or removes other guardians and changes the parent contact; any guardian may leave, and the owner may hand ownership to another guardian. Every guardian sees and can book, pay for and cancel the family's sessions. Every guardian is told by e-mail when someone joins, leaves, is removed or becomes owner.`,
        `Invitations are sent only from a verified e-mail address, at most ${LEGAL_INVITATIONS_PER_FAMILY_PER_DAY} a day per family and ${LEGAL_INVITATIONS_PER_ADDRESS_PER_DAY} a day to the same address, and expire ${LEGAL_INVITATION_VALID_DAYS} days after they are sent. Accepting an invitation never moves athletes between families; an account that already has its own athletes with history cannot join another family, and merging families is a support task.`,
        "Where a player under 18 holds the account, the parent named in the player's parent details is the only person who may become the family's owner, and the player cannot invite or remove guardians or change the parent contact once it is set.",
      ],
    },
    {
      heading: "7. Packages and credits",
      paragraphs: [
        `A coach may sell packages of sessions. A package is shown and charged at the family's price, the ${PLATFORM_FEE_PERCENT}% platform fee included, beside the per-session price it replaces. Each session of the package is a credit that any athlete of the family may use for that coach's sessions of the same kind and length.`,
        `Credits are valid until the date shown at checkout (between ${LEGAL_PACKAGE_VALID_DAYS.min} and ${LEGAL_PACKAGE_VALID_DAYS.max} days after purchase, as the coach sets); unused credits expire on that date. Where the family holds a usable credit, booking uses it first and asks for no card. A session paid with a credit and cancelled ${FULL_REFUND_CANCELLATION_HOURS} hours or more before it starts, or cancelled by the coach, gives the credit back.`,
        "Unused credits can be refunded by the coach who sold them (or by us): the refund is their share of what was paid, fee included, to the original payment method. Credits already used, expired or refunded are not refunded again. If a package payment is disputed or refunded outside the platform, its unused credits are voided.",
      ],
    },
    {
      heading: "8. Coach obligations",
      paragraphs: [
        "Coaches agree to describe their experience and qualifications truthfully, to keep their availability accurate, to arrive on time, to provide a safe training environment suited to the age and skill of the player, and to comply with all laws that apply to working with minors.",
        "Coaches must connect a payment account with our card payment provider to receive payouts and are responsible for their own taxes.",
      ],
    },
    {
      heading: "9. Conduct and moderation",
      paragraphs: [
        `You agree not to misuse ${name}: no harassment, fraud, false reviews, attempts to take payments for sessions found through ${name} outside the platform, interference with the service, or access to other people's accounts or data.`,
        `Messages between coaches and families stay on ${name} so that a parent or guardian can always see them. Anyone in a conversation can report a message; an administrator reviews each report and may dismiss it, warn the sender, suspend the sender from sending messages, or suspend the sender's account. The person who reported is told when the report has been handled, and every administrator action is recorded.`,
      ],
    },
    {
      heading: "10. Communications",
      paragraphs: [
        "We send e-mail about your account, bookings, payments and session requests. If you opt in, we also send SMS text messages about bookings and sessions; message and data rates may apply, and you can opt out at any time in your profile.",
      ],
    },
    {
      heading: "11. Assumption of risk",
      paragraphs: [
        "Lacrosse is a contact sport with an inherent risk of injury. Players (and parents or guardians for minors) accept that risk when taking part in a session and are responsible for appropriate protective equipment and medical fitness.",
      ],
    },
    {
      heading: "12. Disclaimers and limitation of liability",
      paragraphs: [
        `The service is provided "as is" and "as available". To the fullest extent the law allows, ${name} is not liable for indirect, incidental or consequential damages, or for any dispute, injury or loss arising from a session between a player and a coach. Our total liability for any claim is limited to the fees you paid to ${name} in the 12 months before the claim.`,
      ],
    },
    {
      heading: "13. Changes to these terms",
      paragraphs: [
        "We may update these terms. We will show the new date at the top of this page and, for material changes, tell you by e-mail. Continuing to use the service after a change means you accept the new terms.",
      ],
    },
    {
      heading: "14. Governing law",
      paragraphs: [
        `These terms are governed by the laws of the State of ${GOVERNING_LAW_STATE}, without regard to its conflict of law rules. Any dispute will be resolved in the state or federal courts located in ${GOVERNING_LAW_STATE}.`,
      ],
    },
    {
      heading: "15. Contact",
      paragraphs: [
        `Questions about these terms can be sent through the Contact Us form on our website. We respond within ${TERMS_RESPONSE_BUSINESS_DAYS} business days.`,
      ],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: `This Privacy Policy explains what personal information ${name} collects when parents and guardians, players, their children and coaches use our lacrosse coaching marketplace, how we use and share it, and the choices you have.`,
  sections: [
    {
      heading: "1. Information we collect",
      paragraphs: [
        "Account information: your name, e-mail address, phone number, password (stored only as a secure hash) and account type, or the basic profile shared by a third-party identity provider if you sign in with one. A player under 18 who holds an account also gives a parent or guardian's name, phone number and e-mail address.",
        "Athlete profiles: for each athlete of a family, the name, birthday, positions, skill level, goals, school or club team and an optional photo, entered by a guardian.",
        "Coach profile: biography, experience, credentials, photo, location, rates and availability.",
        "Bookings and payments: sessions booked and for which athlete, session requests, packages and credits, amounts, tips and payment status. Card details are collected and processed by our card payment provider; we never see or store full card numbers.",
        "Messages between coaches and families, reports of messages, messages you send us through the Contact Us form, and basic technical information such as IP address and browser type used for security and rate limiting.",
      ],
    },
    {
      heading: "2. How we use information",
      paragraphs: [
        `To create and secure accounts, match athletes with suitable coaches, run bookings, session requests, packages and credits, process payments (every price includes the ${PLATFORM_FEE_PERCENT}% platform fee) and coach payouts, and release payouts after post-session feedback.`,
        "To send e-mail and, if you opt in, SMS text messages and push notifications about your account, bookings, sessions and messages, and to answer your questions.",
        "To keep the service safe, prevent fraud and abuse, review reported messages, and meet our legal obligations.",
      ],
    },
    {
      heading: "3. Families, guardians and invitations",
      paragraphs: [
        "A family is the account holder's athletes and the guardians who look after them. The first guardian owns the family: only the owner invites or removes guardians and changes the parent contact. Every guardian of a family sees the same athletes, bookings, credits and messages, and every guardian is told by e-mail when someone joins, leaves, is removed or becomes owner.",
        `An invitation is sent to the address a guardian types, from a verified account only, and names only the inviter's full name and the first names of the family's athletes. It expires after ${LEGAL_INVITATION_VALID_DAYS} days. Accepting it never moves athletes from one family to another.`,
      ],
    },
    {
      heading: "4. Children's information",
      paragraphs: [
        `Children under ${MINIMUM_ACCOUNT_AGE} never hold an account. A parent or guardian may add a child under ${MINIMUM_ACCOUNT_AGE} as an athlete of their family only by giving consent on the family page; we record who consented, when, from which address and to which version of this policy.`,
        "A coach sees a minor's contact as the guardian's (for example \"Guardian: Dana Whitaker\", with the guardian's phone and e-mail address), never the child's own, and only once a session is paid. Before that, a coach sees the athlete's first and last name, age, position and the family's message.",
        `Any guardian of the family can download everything we hold about an athlete as a file ("Download data" on the family page) and can delete an athlete ("Delete athlete"). Deleting erases the athlete's name, birthday, school, photo, positions, goals, booking notes, request messages, the coaches' feedback and skill ratings. Records of money (bookings, payments, refunds, payouts and credits) are kept, as tax and accounting law requires, but anonymised: they no longer name the athlete.`,
        "Where a player under 18 holds the account, the parent named in their parent details is told about the player's bookings and receives a copy of each message, once the parent has confirmed their e-mail address through a link we send to it.",
      ],
    },
    {
      heading: "5. Messages",
      paragraphs: [
        `Coaches and families write to each other on ${name}. Every guardian of the family sees the whole conversation. A parent contact that has not yet confirmed their address receives a notice without the message text. When a message to or from a family with a minor holds a phone number, an e-mail address or an outside payment service, the sender is reminded to keep the conversation on ${name} so that a parent can always see it.`,
        "Anyone in a conversation can report a message. An administrator reads the reported message and may dismiss the report, warn the sender, suspend the sender from sending messages, or suspend the sender's account; every administrator action is recorded (who, when, what, on whom).",
      ],
    },
    {
      heading: "6. Packages and credits",
      paragraphs: [
        `When a family buys a package, we keep what was bought, from which coach, the price paid (the ${PLATFORM_FEE_PERCENT}% fee included), the valid-until date, and a ledger of each credit used, given back, expired or refunded. Any athlete of the family may use the family's credits. Unused credits can be refunded for their share of what was paid, fee included, until they expire.`,
      ],
    },
    {
      heading: "7. How we share information",
      paragraphs: [
        "With the other party to a booking: a coach sees the athlete's name, age and position, and once a session is paid the contact details of the family's guardians (for a minor, the guardian's, never the child's). Families see the coach's public profile.",
        "With service providers who act for us: the card payment provider, the background screening provider for coaches, e-mail, SMS and push delivery services, hosting and mapping or geocoding services, each only as needed to provide the service.",
        "When required by law or to protect the rights and safety of our users. We do not sell your personal information.",
      ],
    },
    {
      heading: "8. Data retention and deletion",
      paragraphs: [
        `We keep your information while your account is active and as long as needed for bookings, payments, accounting and legal obligations. You may ask us to delete your account and personal information at any time; we honour deletion requests within ${PRIVACY_DELETION_DAYS} days. Records of money are kept as the law requires, anonymised where they concern a deleted athlete.`,
      ],
    },
    {
      heading: "9. Security",
      paragraphs: [
        "We protect your information with measures such as hashed passwords, secure HTTP-only session cookies and encrypted connections. No system is perfectly secure, so please use a strong, unique password.",
      ],
    },
    {
      heading: "10. Your choices and rights",
      paragraphs: [
        "You can view and update your profile at any time, opt out of SMS and push notifications, download or delete an athlete's information from the family page, and ask us for a copy, correction or deletion of your personal information.",
      ],
    },
    {
      heading: "11. Changes to this policy",
      paragraphs: [
        "We may update this policy. We will show the new date at the top of this page and, for material changes, tell you by e-mail. A guardian's consent for a child under 13 names the version of this policy it was given to.",
      ],
    },
    {
      heading: "12. Contact",
      paragraphs: [
        `Send privacy questions and requests through the Contact Us form on our website. We respond within ${PRIVACY_RESPONSE_DAYS} days.`,
      ],
    },
  ],
};

/** Formats the ISO lastUpdated date as e.g. "November 1, 2026" (no locale or time zone drift). */
export function formatLegalDate(isoDate: string): string {
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${months[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** Plain-text rendering, used by the text download fallback on the terms page. */
export function legalDocumentToText(doc: LegalDocument): string {
  const lines: string[] = [`${LEGAL_PRODUCT_NAME} ${doc.title}`, `Last updated: ${formatLegalDate(doc.lastUpdated)}`, "", doc.intro];
  for (const section of doc.sections) {
    lines.push("", section.heading, "");
    for (const paragraph of section.paragraphs) lines.push(paragraph, "");
    if (lines[lines.length - 1] === "") lines.pop();
  }
  return `${lines.join("\n")}\n`;
}
