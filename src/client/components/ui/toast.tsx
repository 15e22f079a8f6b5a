import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";

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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  const active = useSyncExternalStore(subscribe, getActiveToast);
  return { toast, dismiss: dismissToast, current: active };
}

// The toast's look and behaviour (Radix Toast) load after the page, or with the first toast: they
// are not part of the first screen's JavaScript (docs/PERFORMANCE.md, the landing page's budget).
const loadView = () => import("./toaster-view");
const ToasterView = lazy(async () => ({ default: (await loadView()).ToasterView }));

export function Toaster() {
  const active = useSyncExternalStore(subscribe, getActiveToast);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Mounted once the page has settled, so its live region is in place before most toasts.
    const timer = window.setTimeout(() => setIdle(true), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  if (!idle && !active) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
