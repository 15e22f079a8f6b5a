// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense, use, useLayoutEffect, useState, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useInfiniteQuery, useQuery } from "./use-query";

afterEach(cleanup);

function withClient(client: QueryClient, children: ReactNode) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("useQuery drawing each change of a query in a transition", () => {
  it("draws an answer once, and a render for any other reason once, with the current result", async () => {
    let renders = 0;
    let answer: (value: string) => void = () => undefined;
    function Counter() {
      renders++;
      const [count, setCount] = useState(0);
      const query = useQuery({ queryKey: ["answer"], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
      return (
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          {query.isPending ? "loading" : query.data} {count}
        </button>
      );
    }
    render(withClient(new QueryClient(), <Counter />));
    expect(screen.getByRole("button").textContent).toBe("loading 0");
    const beforeAnswer = renders;
    await act(async () => answer("forty-two"));
    expect(await screen.findByText("forty-two 0")).toBeTruthy();
    // Once: the wrapper before this one drew an answer twice (at once with the result before it,
    // then the answer, deferred).
    expect(renders - beforeAnswer).toBe(1);

    const before = renders;
    await act(async () => screen.getByRole("button").click());
    expect(screen.getByRole("button").textContent).toBe("forty-two 1");
    expect(renders - before).toBe(1);
  });

  it("keeps what is on the screen while the new answer's part of the page suspends: the answer is a transition, not an update drawn at once", async () => {
    const client = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    const details = new Promise<string>(() => undefined); // never settles: the part stays suspended
    function Details({ name }: { name: string }) {
      return <p>{name === "first" ? "first details" : use(details)}</p>;
    }
    function Page() {
      const query = useQuery({ queryKey: ["name"], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
      return <Details name={query.data ?? "first"} />;
    }
    render(
      withClient(
        client,
        <Suspense fallback={<p>waiting</p>}>
          <Page />
        </Suspense>,
      ),
    );
    expect(screen.getByText("first details")).toBeTruthy();
    await act(async () => answer("second"));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    // An update drawn at once would replace the shown page by the fallback.
    expect(screen.queryByText("waiting")).toBeNull();
    expect(screen.getByText("first details")).toBeTruthy();
  });

  it("draws a refetch and a changed cache entry", async () => {
    const client = new QueryClient();
    let version = 1;
    function Page() {
      const query = useQuery({ queryKey: ["version"], queryFn: () => Promise.resolve(`v${version}`) });
      return <p>{query.isPending ? "loading" : `${query.data}${query.isFetching ? " (refreshing)" : ""}`}</p>;
    }
    render(withClient(client, <Page />));
    expect(await screen.findByText("v1")).toBeTruthy();
    version = 2;
    await act(async () => client.invalidateQueries({ queryKey: ["version"] }));
    expect(await screen.findByText("v2")).toBeTruthy();
    await act(async () => {
      client.setQueryData(["version"], "v3 (set)");
    });
    expect(await screen.findByText("v3 (set)")).toBeTruthy();
  });

  it("draws a change made between a render and the moment it listens", async () => {
    const client = new QueryClient();
    client.setQueryData(["early"], "before");
    function ChangesItOnCommit() {
      // Layout effects run before the hook's own (passive) effect subscribes.
      useLayoutEffect(() => {
        client.setQueryData(["early"], "changed");
      }, []);
      return null;
    }
    function Page() {
      const query = useQuery({ queryKey: ["early"], queryFn: () => Promise.resolve("fetched"), staleTime: Infinity });
      return (
        <>
          <p>{String(query.data)}</p>
          <ChangesItOnCommit />
        </>
      );
    }
    render(withClient(client, <Page />));
    expect(await screen.findByText("changed")).toBeTruthy();
  });

  it("draws a paged list's answer once and each next page, with the current pages", async () => {
    const client = new QueryClient();
    let renders = 0;
    const answers: ((page: { items: string[]; next: number | null }) => void)[] = [];
    function List() {
      renders++;
      const query = useInfiniteQuery({
        queryKey: ["paged"],
        queryFn: () => new Promise<{ items: string[]; next: number | null }>((resolve) => answers.push(resolve)),
        initialPageParam: 0,
        getNextPageParam: (last) => last.next,
      });
      if (query.isPending) return <p>loading</p>;
      return (
        <button type="button" onClick={() => void query.fetchNextPage()}>
          {query.data?.pages.flatMap((p) => p.items).join(",")}
          {query.isFetchingNextPage ? " (more coming)" : ""}
        </button>
      );
    }
    render(withClient(client, <List />));
    expect(screen.getByText("loading")).toBeTruthy();
    const beforeAnswer = renders;
    await act(async () => answers[0]?.({ items: ["a", "b"], next: 1 }));
    expect(await screen.findByText("a,b")).toBeTruthy();
    expect(renders - beforeAnswer).toBe(1);

    await act(async () => screen.getByRole("button").click());
    expect(await screen.findByText("a,b (more coming)")).toBeTruthy();
    await act(async () => answers[1]?.({ items: ["c"], next: null }));
    expect(await screen.findByText("a,b,c")).toBeTruthy();
  });
});
