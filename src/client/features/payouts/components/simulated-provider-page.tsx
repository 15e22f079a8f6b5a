import type { ComponentType, ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";

/**
 * A page of the built-in simulated payment provider, standing in for one Stripe hosts (its
 * onboarding, its Express dashboard): one card on the page, outside the app's own look.
 */
export function SimulatedProviderPage({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: ComponentType<{ "aria-hidden"?: boolean; className?: string }>;
  title: string;
  /** What the page is, and what Stripe would show here instead. */
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-field-50 px-4 py-10">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle className="flex items-center gap-3">
            <Icon aria-hidden className="size-7 text-field-700" />
            <span>{title}</span>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">{children}</CardContent>
      </Card>
    </div>
  );
}
