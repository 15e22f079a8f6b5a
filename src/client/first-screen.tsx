import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import type { RenderFirstScreen } from "../contract/pages";
import { AppShell } from "./app/app-shell";
import { pageSkeletonOf } from "./app/page-skeletons";
import { BarePage } from "./app/shell";
import { PageSkeleton } from "./components/ui/page-skeleton";
import { sharedKeys } from "./lib/query-keys";

/**
 * A signed-in user's first screen as the server sends it (contract/pages.ts, RenderFirstScreen):
 * the same components the app draws first, the layout around the page's skeleton (a setup
 * wizard's own frame), so that a phone paints the navigation, the greeting, the e-mail notice or
 * a wizard's heading while the scripts are still on their way. Built for Node beside the client
 * (vite.config.ts); the server loads it at start.
 */
export const renderFirstScreen: RenderFirstScreen = (user, path, { layout, module }) => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sharedKeys.currentUser, user);
  // What the app shows while the page's code loads: a page's own frame, or the general skeleton.
  const skeleton = module ? pageSkeletonOf(module) : <PageSkeleton />;
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={path}>{layout === "bare" ? <BarePage page={() => skeleton} /> : <AppShell>{skeleton}</AppShell>}</Router>
    </QueryClientProvider>,
  );
};
