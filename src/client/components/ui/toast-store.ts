import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "destructive";
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; durationMs?: number };
export type ActiveToast = ToastInput & { id: number; open: boolean };

/**
 * player-side 9: only one toast is shown at a time, so the store holds a single toast and a new one
 * replaces whatever is showing. It lives outside React so non-component code (error handlers) can raise one.
 */
let current: ActiveToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { ...input, id, open: true };
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = { ...current, open: false };
  emit();
}

/** The toast on screen (or closing), if any. */
export function getActiveToast(): ActiveToast | null {
  return current;
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const active = useSyncExternalStore(subscribe, getActiveToast);
  return { toast, dismiss: dismissToast, current: active };
}
