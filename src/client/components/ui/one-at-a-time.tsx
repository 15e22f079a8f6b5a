import { Children, isValidElement, startTransition, Suspense, useEffect, useState, type ReactNode } from "react";

/** After the browser has drawn a frame (at once when the tab is hidden and draws none). */
function afterNextFrame(run: () => void): () => void {
  if (document.hidden) {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Mounts its children one after the other, each once the one before is on the screen: each child's
 * render, commit, first data requests and first layout are a task of their own instead of a part of
 * one. Drawn together, a page's sections below its first screen were one task of 90-140 ms on a phone
 * (Lighthouse's fourfold slowdown), the longest the page had (docs/PERFORMANCE.md); one at a time,
 * each stays short and the page answers a tap between them. Each child is in a Suspense boundary of
 * its own, so a child whose code is still loading holds back none of the others.
 */
export function OneAtATime({ children }: { children: ReactNode }) {
  const list = Children.toArray(children);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= list.length) return;
    return afterNextFrame(() => startTransition(() => setShown((count) => count + 1)));
  }, [shown, list.length]);
  // Children.toArray keys each child by its place (or its own key).
  return list.slice(0, shown).map((child) => (
    <Suspense key={isValidElement(child) ? child.key : null} fallback={null}>
      {child}
    </Suspense>
  ));
}
