import { LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";

/** The centred card of the password pages. */
export function AuthCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex justify-center px-4 py-12 sm:py-20">
      <Card className="w-full max-w-md border-t-4 border-t-field-700">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-field-100 text-field-700 [&_svg]:size-7">
            {icon}
          </span>
          <h1 className="font-display text-3xl font-bold text-field-950 uppercase">{title}</h1>
          {description ? <CardDescription className="text-base">{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </section>
  );
}

/** A full-width link under an auth card's text, styled as a button. */
export function AuthCardLink({ href, variant, children }: { href: string; variant?: "outline"; children: ReactNode }) {
  return (
    <Button asChild variant={variant} className="w-full">
      <Link href={href}>{children}</Link>
    </Button>
  );
}

/** The card of a mailed link that does not work (used, expired, or cut short when copied). */
export function LinkExpiredCard({ description, children }: { description: ReactNode; children: ReactNode }) {
  return (
    <AuthCard icon={<LinkIcon aria-hidden />} title="Link Expired or Invalid" description={description}>
      {children}
    </AuthCard>
  );
}
