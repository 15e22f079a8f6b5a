import type { ReactNode } from "react";
import { Button } from "@client/components/ui/button";
import { Spinner } from "@client/components/ui/spinner";

/** A tab's heading row: what the list holds and the button that adds to it. */
export function AdminListHeader({ id, title, description, action }: { id: string; title: string; description: string; action: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h2 id={id} className="font-display text-2xl font-bold text-field-950 uppercase">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      {action}
    </div>
  );
}

type AdminListStateProps = {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  loadingLabel: string;
  errorMessage: string;
  emptyTitle: string;
  emptyHint: string;
  onRetry: () => void;
  children: ReactNode;
};

/** Loading, failed, empty, or the list itself. */
export function AdminListState({
  isLoading,
  error,
  isEmpty,
  loadingLabel,
  errorMessage,
  emptyTitle,
  emptyHint,
  onRetry,
  children,
}: AdminListStateProps) {
  if (isLoading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center">
        <p className="font-semibold text-red-800">{errorMessage}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <div className="rounded-2xl border-2 border-dashed border-field-200 px-4 py-12 text-center">
        <p className="font-display text-xl font-bold text-field-900 uppercase">{emptyTitle}</p>
        <p className="mt-1 text-sm text-slate-600">{emptyHint}</p>
      </div>
    );
  }
  return <>{children}</>;
}
