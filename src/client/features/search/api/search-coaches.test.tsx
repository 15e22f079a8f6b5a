// @vitest-environment jsdom
import { useQueryClient } from "@tanstack/react-query";
import { cleanup, screen } from "@testing-library/react";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderPage } from "@client/testing/render-page";
import type { SearchParams } from "@client/features/search/last-search";
import { prefetchOpeningSearch, useCoachSearch } from "./search-coaches";

const opening: SearchParams = { position: "Midfield", zipcode: "21201", radius: 25, includeUnavailable: false, verified: false };

function Results() {
  const search = useCoachSearch(opening);
  return <p>{search.data ? `${search.data.pages[0]!.coaches.length} coaches` : "searching"}</p>;
}

/** The router's prefetch of the opening search, then the page mounting once it has arrived. */
function PrefetchThenPage() {
  const queryClient = useQueryClient();
  const [pageLoaded, setPageLoaded] = useState(false);
  useEffect(() => {
    prefetchOpeningSearch(queryClient, "?position=Midfield&zipcode=21201&radius=25");
    const timer = setTimeout(() => setPageLoaded(true), 50);
    return () => clearTimeout(timer);
  }, [queryClient]);
  return pageLoaded ? <Results /> : null;
}

describe("the opening search", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is sent once when the router asked for it before the page mounted", async () => {
    const calls = mockApi({ "GET /api/coaches/search": () => [] });
    renderPage(<PrefetchThenPage />, { at: "/find-coaches" });
    expect(await screen.findByText("0 coaches")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.filter((c) => c.path === "/api/coaches/search")).toHaveLength(1);
  });
});
