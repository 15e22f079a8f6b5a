import { Suspense } from "react";
import { lazyWithReload } from "@client/lib/lazy-with-reload";
import { Spinner } from "@client/components/ui/spinner";
import type { AthleteFormProps } from "./athlete-form-view";

// The form library and its schema load with the first Add or Edit, not with the family page's list
// (scripts/check-bundle-budget.mjs, the family page's budget).
const loadView = () => import("./athlete-form-view");
const AthleteFormView = lazyWithReload(async () => ({ default: (await loadView()).AthleteFormView }));

export function AthleteForm(props: AthleteFormProps) {
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <AthleteFormView {...props} />
    </Suspense>
  );
}
