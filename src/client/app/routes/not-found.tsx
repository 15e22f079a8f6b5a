import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";

export function NotFoundPage() {
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 pt-6 sm:pt-6">
          <div className="flex items-center gap-3">
            <AlertCircle aria-hidden className="size-8 shrink-0 text-red-600" />
            <h1 className="font-display text-2xl font-bold text-field-950 uppercase">404 Page Not Found</h1>
          </div>
          <p className="text-slate-700">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" className="self-start">
            <Link href="/">Go to the start page</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
