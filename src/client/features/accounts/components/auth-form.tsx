import type { BaseSyntheticEvent, ReactNode } from "react";
import { Button } from "@client/components/ui/button";

/** The account forms' shape: the fields, then one full-width submit button that says when it is busy. */
export function AuthForm({
  onSubmit,
  label,
  isPending,
  submitText,
  pendingText,
  children,
}: {
  onSubmit: (event: BaseSyntheticEvent) => Promise<unknown>;
  label?: string;
  isPending: boolean;
  submitText: string;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4" aria-label={label}>
      {children}
      <Button type="submit" isLoading={isPending} className="w-full">
        {isPending ? pendingText : submitText}
      </Button>
    </form>
  );
}
