/** DESIGN.md 12 "In the pocket": what a user is told about, and how. Zod-free: the settings page and the service worker read it. */
export const NOTIFICATION_KINDS = ["message", "booking", "request", "reminder"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ["email", "sms", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelSwitches = Record<NotificationChannel, boolean>;
/** GET/PUT /api/notification-preferences: each kind's channels. */
export type NotificationPreferences = Record<NotificationKind, ChannelSwitches>;

/** Today's behaviour plus push: every channel on (SMS still goes only to a phone that opted in to texts). */
export const DEFAULT_CHANNELS: ChannelSwitches = { email: true, sms: true, push: true };

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  message: { title: "New messages", description: "When a coach or family writes to you and you have not read it yet." },
  booking: { title: "Bookings", description: "When a session is confirmed or cancelled." },
  request: { title: "Session requests", description: "When a request is made, accepted or declined." },
  reminder: { title: "Reminders", description: "The day before each session." },
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = { email: "E-mail", sms: "Text message", push: "Push" };

/** What a push carries (RFC 8291-encrypted); the service worker shows it and opens `url` on a click. */
export type PushPayload = { title: string; body: string; url: string };

/** GET /api/push/public-key */
export type PushPublicKeyResponse = { publicKey: string };

export const PushMessages = {
  ENDPOINT_REQUIRED: "endpoint is required",
  ENDPOINT_INVALID: "endpoint must be an https URL",
  KEYS_REQUIRED: "keys.p256dh and keys.auth are required",
  P256DH_INVALID: "keys.p256dh must be a base64url P-256 public key",
  AUTH_INVALID: "keys.auth must be a base64url 16-byte secret",
  NOT_FOUND: "Subscription not found",
} as const;
