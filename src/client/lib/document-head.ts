import { useEffect } from "react";
import type { PageHead } from "../../contract/page-titles";

/**
 * Sets the tab's title and the meta description to a page's head (src/contract/page-titles.ts or static-page-heads.ts, the
 * same function the server wrote into the page's HTML), and puts back what was there when the page
 * goes. Null: the page has nothing to say yet (its data is loading).
 */
export function useDocumentHead(head: PageHead | null): void {
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (!title || !description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const before = [document.title, meta?.content];
    document.title = title;
    if (meta) meta.content = description;
    return () => {
      document.title = before[0] ?? "";
      if (meta && before[1] !== undefined) meta.content = before[1];
    };
  }, [title, description]);
}
