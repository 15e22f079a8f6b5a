import { MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { messagesWithCoach } from "@client/config/paths";

/** The coach profile's "Message coach" (a family): opens, or finds, the family's conversation with the coach. */
export function MessageCoachLink({ coachId }: { coachId: number }) {
  return (
    <Button asChild variant="outline" size="lg">
      <Link href={messagesWithCoach(coachId)}>
        <MessageSquare aria-hidden /> Message coach
      </Link>
    </Button>
  );
}
