import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { useSyncExternalStore } from "react";
import { cn } from "../../lib/cn";

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

const variantClass: Record<ToastVariant, string> = {
  default: "border-field-200 bg-white text-slate-900",
  success: "border-field-600 bg-field-50 text-field-950",
  destructive: "border-red-700 bg-red-700 text-white",
};

export function Toaster() {
  const active = useSyncExternalStore(subscribe, getActiveToast);
  const variant = active?.variant ?? "default";
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {active ? (
        <ToastPrimitive.Root
          key={active.id}
          open={active.open}
          duration={active.durationMs}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => (open ? undefined : dismissToast(active.id))}
          data-variant={variant}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-xl border-l-4 p-4 pr-10 shadow-xl data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full",
            variantClass[variant],
          )}
        >
          <div className="flex min-w-0 flex-col gap-1">
            <ToastPrimitive.Title className="font-bold">{active.title}</ToastPrimitive.Title>
            {active.description ? (
              <ToastPrimitive.Description className={cn("text-sm", variant === "destructive" ? "text-red-50" : "text-slate-700")}>
                {active.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-md flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
