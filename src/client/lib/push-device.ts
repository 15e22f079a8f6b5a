import type { PushPublicKeyResponse } from "@contract/notification-basics";
import { apiGet, apiRequest } from "@client/lib/api-client";

export const PUSH_TEXTS = {
  UNSUPPORTED: "This browser cannot show notifications from LaxCoach.",
  DENIED: "Notifications are blocked for LaxCoach in this browser's settings.",
  TURNED_ON: "Notifications are on for this device.",
} as const;

export const pushSupported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** "Turn on notifications on this device": asks the browser, subscribes through the service worker and tells the server. */
export async function turnOnThisDevice(): Promise<void> {
  if (!pushSupported()) throw new Error(PUSH_TEXTS.UNSUPPORTED);
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(PUSH_TEXTS.DENIED);
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiGet<PushPublicKeyResponse>("/api/push/public-key");
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  await apiRequest("POST", "/api/push/subscriptions", { endpoint: json.endpoint, keys: json.keys });
}

/** Whether this device receives pushes now. */
export async function isThisDeviceOn(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== "granted") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Sign-out: this device stops receiving the account's pushes (the server forgets it, the browser drops it). Best effort. */
export async function turnOffThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
