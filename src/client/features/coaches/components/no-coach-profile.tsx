import { UserCog } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";

/** Shown where a page needs the coach profile that the coach has not created yet. */
export function NoCoachProfile({ text }: { text: string }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-field-700 text-accent-300">
        <UserCog aria-hidden className="size-7" />
      </span>
      <h2 className="font-display text-2xl font-bold text-field-950 uppercase">Set up your coach profile</h2>
      <p className="text-slate-700">{text}</p>
      <Button asChild>
        <Link href="/coach-setup">Create Coach Profile</Link>
      </Button>
    </Card>
  );
}
