import { AlertCircle, Home, Search } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { paths } from "../../config/paths";

/** The spec's heading, in words for users (DESIGN 11): a way home and to the search. */
export function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6 sm:pt-6">
          <div className="flex items-center gap-3">
            <AlertCircle aria-hidden className="size-8 shrink-0 text-red-600" />
            <h1 className="font-display text-2xl font-bold text-field-950 uppercase">404 Page Not Found</h1>
          </div>
          <p className="text-slate-700">We could not find that page. The link may be old, or the address may have a typo.</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link href={paths.root}>
                <Home aria-hidden /> Go home
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={paths.findCoaches}>
                <Search aria-hidden /> Find a coach
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
