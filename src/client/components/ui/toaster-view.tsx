import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cn } from "../../lib/cn";
import { dismissToast, useToast, type ToastVariant } from "./toast-store";

const variantClass: Record<ToastVariant, string> = {
  default: "border-field-200 bg-white text-slate-900",
  success: "border-field-600 bg-field-50 text-field-950",
  destructive: "border-red-700 bg-red-700 text-white",
};

export function ToasterView() {
  const { current: active } = useToast();
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
