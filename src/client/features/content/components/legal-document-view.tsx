import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatLegalDate, type LegalDocument } from "@contract/legal";
import { Card, CardContent } from "@client/components/ui/card";

/** A legal document rendered from src/contract/legal.ts, the same source as the PDF and text download. */
export function LegalDocumentView({ doc, actions }: { doc: LegalDocument; actions?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link href="/login" className="inline-flex items-center gap-1 text-sm font-semibold text-field-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to Login
      </Link>
      <header className="mt-6 mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-display text-4xl font-bold text-field-950 uppercase sm:text-5xl">{doc.title}</h1>
          <p className="mt-2 text-sm text-slate-600">Last updated: {formatLegalDate(doc.lastUpdated)}</p>
        </div>
        {actions}
      </header>
      <Card>
        <CardContent className="flex flex-col gap-8 pt-6 sm:pt-8">
          <p className="text-base text-slate-700 sm:text-lg">{doc.intro}</p>
          {doc.sections.map((section) => (
            <section key={section.heading} className="flex flex-col gap-3">
              <h2 className="font-display text-2xl font-bold text-field-900 uppercase">{section.heading}</h2>
              {section.paragraphs.map((p) => (
                <p key={p} className="leading-relaxed text-slate-700">
                  {p}
                </p>
              ))}
            </section>
          ))}
        </CardContent>
      </Card>
    </article>
  );
}
