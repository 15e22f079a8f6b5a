/**
 * The Privacy Policy and the Terms of Service as structured data. The client pages
 * (/privacy-policy, /terms-of-service), the text download fallback and the server's PDF
 * (GET /api/generate-pdf/terms-of-service) all render from this one source, so the facts of
 * player-side section 9 (ages, cancellation, deletion and response times, governing law) can
 * only be stated once.
 */

import { NO_SHOW_POLICY } from "./progress-basics";

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
export const LEGAL_LAST_UPDATED = "2026-11-01";

const name = LEGAL_PRODUCT_NAME;

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: `These Terms of Service govern your use of ${name}, an online marketplace where lacrosse players and their parents or guardians find, book and pay for training sessions with independent lacrosse coaches. By creating an account or using the service you agree to these terms. If you do not agree, do not use ${name}.`,
  sections: [
    {
      heading: "1. Who may use the service",
      paragraphs: [
        `You must be at least ${MINIMUM_ACCOUNT_AGE} years old to create an account. Players under 18 may use ${name} only with the consent and supervision of a parent or legal guardian, who accepts these terms on the minor's behalf and is responsible for the minor's bookings, payments and conduct.`,
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
        "Payments are processed by our card payment provider; we do not store full card numbers. A platform fee of 15% of the session cost is charged to the student on top of the session price, so the total paid is the session cost multiplied by 1.15. Coaches keep 100% of their session rate. Optional tips go to the coach.",
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
      heading: "6. Coach obligations",
      paragraphs: [
        "Coaches agree to describe their experience and qualifications truthfully, to keep their availability accurate, to arrive on time, to provide a safe training environment suited to the age and skill of the player, and to comply with all laws that apply to working with minors.",
        "Coaches must connect a payment account with our card payment provider to receive payouts and are responsible for their own taxes.",
      ],
    },
    {
      heading: "7. Conduct",
      paragraphs: [
        `You agree not to misuse ${name}: no harassment, fraud, false reviews, attempts to take payments for sessions found through ${name} outside the platform, interference with the service, or access to other people's accounts or data.`,
      ],
    },
    {
      heading: "8. Communications",
      paragraphs: [
        "We send e-mail about your account, bookings, payments and session requests. If you opt in, we also send SMS text messages about bookings and sessions; message and data rates may apply, and you can opt out at any time in your profile.",
      ],
    },
    {
      heading: "9. Assumption of risk",
      paragraphs: [
        "Lacrosse is a contact sport with an inherent risk of injury. Players (and parents or guardians for minors) accept that risk when taking part in a session and are responsible for appropriate protective equipment and medical fitness.",
      ],
    },
    {
      heading: "10. Disclaimers and limitation of liability",
      paragraphs: [
        `The service is provided "as is" and "as available". To the fullest extent the law allows, ${name} is not liable for indirect, incidental or consequential damages, or for any dispute, injury or loss arising from a session between a player and a coach. Our total liability for any claim is limited to the fees you paid to ${name} in the 12 months before the claim.`,
      ],
    },
    {
      heading: "11. Changes to these terms",
      paragraphs: [
        "We may update these terms. We will show the new date at the top of this page and, for material changes, tell you by e-mail. Continuing to use the service after a change means you accept the new terms.",
      ],
    },
    {
      heading: "12. Governing law",
      paragraphs: [
        `These terms are governed by the laws of the State of ${GOVERNING_LAW_STATE}, without regard to its conflict of law rules. Any dispute will be resolved in the state or federal courts located in ${GOVERNING_LAW_STATE}.`,
      ],
    },
    {
      heading: "13. Contact",
      paragraphs: [
        `Questions about these terms can be sent through the Contact Us form on our website. We respond within ${TERMS_RESPONSE_BUSINESS_DAYS} business days.`,
      ],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: `This Privacy Policy explains what personal information ${name} collects when players, parents or guardians, and coaches use our lacrosse coaching marketplace, how we use and share it, and the choices you have.`,
  sections: [
    {
      heading: "1. Information we collect",
      paragraphs: [
        "Account information: your name, e-mail address, password (stored only as a secure hash) and account type, or the basic profile shared by a third-party identity provider if you sign in with one.",
        "Player profile: phone number, playing position, age group, skill level, goals, location (zip code) and training preferences.",
        "Coach profile: biography, experience, certifications, photo, location, rates and availability.",
        "Bookings and payments: sessions booked, session requests, amounts, tips and payment status. Card details are collected and processed by our card payment provider; we never see or store full card numbers.",
        "Messages you send us, such as the Contact Us form, and basic technical information such as IP address and browser type used for security and rate limiting.",
      ],
    },
    {
      heading: "2. How we use information",
      paragraphs: [
        "To create and secure your account, match players with suitable coaches, run bookings and session requests, process payments, the 15% platform fee and coach payouts, and release payouts after post-session feedback.",
        "To send you e-mail and, if you opt in, SMS notifications about your account, bookings and sessions, and to answer your questions.",
        "To keep the service safe, prevent fraud and abuse, and meet our legal obligations.",
      ],
    },
    {
      heading: "3. How we share information",
      paragraphs: [
        "With the other party to a booking: a coach sees the name and contact details of the players who book them, and players see the coach's public profile.",
        "With service providers who act for us: the card payment provider, e-mail and SMS delivery services, hosting and mapping or geocoding services, each only as needed to provide the service.",
        "When required by law or to protect the rights and safety of our users. We do not sell your personal information.",
      ],
    },
    {
      heading: "4. Children and minors",
      paragraphs: [
        `You must be at least ${MINIMUM_ACCOUNT_AGE} years old to create an account, and we do not knowingly collect personal information from children under ${MINIMUM_ACCOUNT_AGE}. Players under 18 use ${name} with the consent of a parent or guardian, who may review, correct or ask us to delete the minor's information. If we learn we hold information about a child under ${MINIMUM_ACCOUNT_AGE}, we delete it.`,
      ],
    },
    {
      heading: "5. Data retention and deletion",
      paragraphs: [
        `We keep your information while your account is active and as long as needed for bookings, payments, accounting and legal obligations. You may ask us to delete your account and personal information at any time; we honour deletion requests within ${PRIVACY_DELETION_DAYS} days, except for records we must keep by law (such as payment records).`,
      ],
    },
    {
      heading: "6. Security",
      paragraphs: [
        "We protect your information with measures such as hashed passwords, secure HTTP-only session cookies and encrypted connections. No system is perfectly secure, so please use a strong, unique password.",
      ],
    },
    {
      heading: "7. Your choices and rights",
      paragraphs: [
        "You can view and update your profile at any time, opt out of SMS notifications, and ask for a copy, correction or deletion of your personal information.",
      ],
    },
    {
      heading: "8. Changes to this policy",
      paragraphs: [
        "We may update this policy. We will show the new date at the top of this page and, for material changes, tell you by e-mail.",
      ],
    },
    {
      heading: "9. Contact",
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
