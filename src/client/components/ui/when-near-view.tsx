import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Renders `children` once the place they go is within a screen's reach of the viewport, and an
 * empty box of the same size (`className`) until then: a chart below the first screen then loads
 * its library (recharts, 115 KB) when the user scrolls towards it, not while the page's first
 * screen is still being drawn on a slow phone. Without IntersectionObserver, at once.
 */
export function WhenNearView({ className, children }: { className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={box} className={className}>
      {near ? children : null}
    </div>
  );
}
