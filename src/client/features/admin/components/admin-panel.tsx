import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { AuditLogPanel } from "./audit-log-panel";
import { ContentBlocksPanel } from "./content-blocks-panel";
import { MoneyIssuesPanel } from "./money-issues-panel";
import { TestimonialsPanel } from "./testimonials-panel";

/** coach-side 2, Admin panel: two content tabs, each with create, edit and delete, and the money that needs a person (issue 14). */
export type AdminTab = { value: string; label: string; content: ReactNode };

/** `extraTabs`: sections another feature owns, composed in by the page (features never import each other). */
export function AdminPanel({ extraTabs = [] }: { extraTabs?: AdminTab[] } = {}) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="font-display text-3xl font-bold text-field-950 uppercase sm:text-4xl">Admin Panel</h1>
        <p className="mt-1 text-slate-600">
          Manage the marketing content and testimonials visitors see on the landing page, and the payments that need attention.
        </p>
      </header>
      <Tabs defaultValue="content-blocks">
        {/* Four sections and more: on a phone the tabs wrap to a second row instead of widening the page. */}
        <TabsList aria-label="Admin sections" className="flex-wrap">
          <TabsTrigger value="content-blocks">Content Blocks</TabsTrigger>
          <TabsTrigger value="testimonials">Testimonials</TabsTrigger>
          <TabsTrigger value="money-issues">Money issues</TabsTrigger>
          {extraTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
          <TabsTrigger value="audit-log">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="content-blocks">
          <ContentBlocksPanel />
        </TabsContent>
        <TabsContent value="testimonials">
          <TestimonialsPanel />
        </TabsContent>
        <TabsContent value="money-issues">
          <MoneyIssuesPanel />
        </TabsContent>
        {extraTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.content}
          </TabsContent>
        ))}
        <TabsContent value="audit-log">
          <AuditLogPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
