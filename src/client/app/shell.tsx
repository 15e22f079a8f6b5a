import type { ReactNode } from "react";

// Placeholder: replaced by the design-system work.
export function AppShell({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}

export function PublicShell({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
