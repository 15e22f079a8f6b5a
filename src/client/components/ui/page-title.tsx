import type { ReactNode } from "react";

/**
 * A page's one h1, in the app's one heading look (issue 47: the pages of the fourth round had a
 * second one). PageHeader draws it with a lead and actions; a page with its own layout above or
 * beside the title uses it alone. No class merging: the public pages that use it stay within their
 * script budget.
 */
export function PageTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h1 id={id} className="font-display text-3xl font-bold break-words text-field-950 uppercase sm:text-4xl">
      {children}
    </h1>
  );
}
