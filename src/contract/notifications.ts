import { z } from "zod";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, PushMessages } from "./notification-basics";

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** The byte length of a base64url string (no padding counted). */
function base64urlBytes(value: string): number {
  const chars = value.replace(/=+$/, "").length;
  return Math.floor((chars * 3) / 4);
}

const EndpointSchema = z
  .string({ message: PushMessages.ENDPOINT_REQUIRED })
  .trim()
  .min(1, { message: PushMessages.ENDPOINT_REQUIRED })
  .max(2000, { message: PushMessages.ENDPOINT_INVALID })
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: PushMessages.ENDPOINT_INVALID });

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON(). The https rule is the server's (loopback under the test clock). */
export const CreatePushSubscriptionRequestSchema = z.object({
  endpoint: EndpointSchema,
  keys: z.object(
    {
      p256dh: z
        .string({ message: PushMessages.KEYS_REQUIRED })
        .refine((v) => base64url.test(v) && base64urlBytes(v) === 65, { message: PushMessages.P256DH_INVALID }),
      auth: z
        .string({ message: PushMessages.KEYS_REQUIRED })
        .refine((v) => base64url.test(v) && base64urlBytes(v) === 16, { message: PushMessages.AUTH_INVALID }),
    },
    { message: PushMessages.KEYS_REQUIRED },
  ),
});
export type CreatePushSubscriptionRequest = z.infer<typeof CreatePushSubscriptionRequestSchema>;

/** DELETE /api/push/subscriptions */
export const DeletePushSubscriptionRequestSchema = z.object({ endpoint: EndpointSchema });

const ChannelSwitchesSchema = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean({ message: `${c} must be true or false` }).optional()])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
  { message: "Each kind must be an object of channels" },
);

/** PUT /api/notification-preferences: any subset of kinds and channels; what is left out stays as it was. */
export const UpdateNotificationPreferencesRequestSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, ChannelSwitchesSchema.strict().optional()])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    z.ZodOptional<typeof ChannelSwitchesSchema>
  >,
  { message: "Unknown notification kind" },
);
export type UpdateNotificationPreferencesRequest = z.infer<typeof UpdateNotificationPreferencesRequestSchema>;
