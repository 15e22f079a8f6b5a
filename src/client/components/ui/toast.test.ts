import { describe, expect, it } from "vitest";
import { dismissToast, getActiveToast, toast } from "./toast";

describe("toast store", () => {
  it("shows only one toast at a time: a new toast replaces the one on screen", () => {
    toast({ title: "Login failed", description: "Invalid email or password", variant: "destructive" });
    toast({ title: "Message Sent!" });
    const active = getActiveToast();
    expect(active?.title).toBe("Message Sent!");
    expect(active?.description).toBeUndefined();
    expect(active?.open).toBe(true);
  });

  it("dismissing an older toast leaves the newer one open", () => {
    const first = toast({ title: "First" });
    toast({ title: "Second" });
    first.dismiss();
    expect(getActiveToast()).toMatchObject({ title: "Second", open: true });
    dismissToast();
    expect(getActiveToast()).toMatchObject({ title: "Second", open: false });
  });
});
