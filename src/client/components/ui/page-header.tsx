import type { ComponentType, ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "./button";
import { PageTitle } from "./page-title";

/** Where the page sends the user next (My Bookings' "Find a Coach"): the header's one accent link. */
type HeaderLink = { href: string; label: string; icon: ComponentType<{ "aria-hidden"?: boolean }> };

/** A page's title, the line under it, and its actions beside them (below them on a phone). */
export function PageHeader({ title, lead, link, children }: { title: string; lead?: ReactNode; link?: HeaderLink; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <PageTitle>{title}</PageTitle>
        {lead ? <p className="text-slate-600">{lead}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {children}
        {link ? (
          <Button asChild variant="accent">
            <Link href={link.href}>
              <link.icon aria-hidden /> {link.label}
            </Link>
          </Button>
        ) : null}
      </div>
    </header>
  );
}
