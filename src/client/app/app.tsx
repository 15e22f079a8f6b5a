import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { Router } from "wouter";
import { ErrorBoundary } from "./error-boundary";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

/**
 * The whole app, one tree for both sides: the browser renders (or hydrates) it, and the server
 * draws a visitor's public page with it (public-pages.tsx, decision 016). Hydration needs the very
 * same tree, down to the order of its components (useId).
 */
export function App({ queryClient, ssrPath, ssrSearch }: { queryClient: QueryClient; ssrPath?: string; ssrSearch?: string }) {
  // ssrPath, ssrSearch: the address the server draws (the browser's own address otherwise).
  return (
    <StrictMode>
      <ErrorBoundary scope="app">
        <AppProviders queryClient={queryClient}>
          <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
            <AppRouter />
          </Router>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
}
