// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "@client/testing/render-page";
import type { SearchParams } from "@client/features/search/last-search";
import { SearchForm } from "./search-form";

const search: SearchParams = { position: "Midfield", zipcode: "21201", radius: 25, includeUnavailable: false, verified: false };

function renderForm() {
  const onChange = vi.fn<(patch: Partial<SearchParams>) => void>();
  const view = renderPage(<SearchForm value={search} onChange={onChange} onSubmit={() => {}} error={null} isSearching={false} />);
  return { ...view, onChange };
}

afterEach(cleanup);

describe("find coaches' search form", () => {
  it("shows the chosen position and radius in selects named by their labels before their code loads", () => {
    renderForm();
    expect(screen.getByRole("combobox", { name: "Position" }).textContent).toBe("Midfield");
    expect(screen.getByRole("combobox", { name: "Radius" }).textContent).toBe("25 miles");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("opens the position list on the first click and passes the chosen position on", async () => {
    const { user, onChange } = renderForm();
    await user.click(screen.getByRole("combobox", { name: "Position" }));
    await screen.findByRole("listbox");
    await user.click(await screen.findByRole("option", { name: "Goalie" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ position: "Goalie" }));
  });

  it("opens the radius list from the keyboard", async () => {
    const { user, onChange } = renderForm();
    screen.getByRole("combobox", { name: "Radius" }).focus();
    await user.keyboard("{ArrowDown}");
    await user.click(await screen.findByRole("option", { name: "100 miles" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ radius: 100 }));
  });
});
