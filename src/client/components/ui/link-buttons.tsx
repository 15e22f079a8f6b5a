import { Link } from "wouter";
import { Button } from "./button";

/** Where to go next, as a centred row of buttons: the first link is the main way on, the others are outlined. */
export function LinkButtons({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      {links.map((link, index) => (
        <Button key={link.href} asChild variant={index === 0 ? "primary" : "outline"}>
          <Link href={link.href}>{link.label}</Link>
        </Button>
      ))}
    </div>
  );
}
