import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PhotoPickerButton } from "./photo-picker";

describe("PhotoPickerButton", () => {
  it("offers to upload a photo when there is none, through a hidden image-only file input", () => {
    const html = renderToStaticMarkup(<PhotoPickerButton id="p" hasPhoto={false} aria-label="Profile photo" disabled />);
    expect(html).toContain("Upload photo");
    expect(html).toMatch(/<input id="p" type="file" accept="image\/\*" class="sr-only" aria-label="Profile photo" disabled=""\/>/);
    expect(html).toContain('for="p"');
  });

  it("offers to change the photo once there is one, in the larger size when asked", () => {
    const html = renderToStaticMarkup(<PhotoPickerButton id="p" hasPhoto isLarge />);
    expect(html).toContain("Change photo");
    expect(html).toContain("h-10");
    expect(html).toContain("px-4");
    expect(html).not.toContain("h-9");
  });
});
