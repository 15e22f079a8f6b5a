// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useQuery } from "./use-query";

afterEach(cleanup);

describe("useQuery drawing answers in a transition", () => {
  it("shows the answer once it is in, and draws a render for any other reason once, with the current result", async () => {
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
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Counter />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe("loading 0");
    await act(async () => answer("forty-two"));
    expect(await screen.findByText("forty-two 0")).toBeTruthy();

    const before = renders;
    await act(async () => screen.getByRole("button").click());
    expect(screen.getByRole("button").textContent).toBe("forty-two 1");
    expect(renders - before).toBe(1);
  });
});
