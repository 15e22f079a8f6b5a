import { describe, expect, it } from "vitest";
import { citySlug, parsePlacePath, placeHeading, placePath, placePathOfLocation, townOfLocation } from "./place-pages";
import { coachPageHead, placePageHead } from "./page-titles";

describe("place slugs", () => {
  it("makes a lower-case hyphenated slug of a town, accents and punctuation dropped", () => {
    expect(citySlug("Baltimore")).toBe("baltimore");
    expect(citySlug("Ellicott City")).toBe("ellicott-city");
    expect(citySlug("Coeur d'Alene")).toBe("coeur-d-alene");
    expect(citySlug("  Cañon  City ")).toBe("canon-city");
    expect(citySlug("St. Louis")).toBe("st-louis");
  });

  it("reads a coach's town as city and two-letter state, and nothing else", () => {
    expect(townOfLocation("Baltimore, MD")).toEqual({ cityName: "Baltimore", state: "MD" });
    expect(townOfLocation("Ellicott City , md")).toEqual({ cityName: "Ellicott City", state: "MD" });
    expect(townOfLocation("Baltimore")).toBeNull();
    expect(townOfLocation("Baltimore, Maryland")).toBeNull();
    expect(townOfLocation(", MD")).toBeNull();
    expect(townOfLocation(null)).toBeNull();
  });

  it("writes and reads place paths in lower case, with a known position only", () => {
    expect(placePath("MD", "baltimore")).toBe("/coaches/md/baltimore");
    expect(placePath("md", "baltimore", "Goalie")).toBe("/coaches/md/baltimore/goalie");
    expect(placePathOfLocation("Ellicott City, MD")).toBe("/coaches/md/ellicott-city");
    expect(placePathOfLocation("somewhere")).toBeNull();
    expect(parsePlacePath("/coaches/md/baltimore")).toEqual({ state: "md", city: "baltimore", position: null });
    expect(parsePlacePath("/coaches/md/ellicott-city/faceoff")).toEqual({ state: "md", city: "ellicott-city", position: "Faceoff" });
    expect(parsePlacePath("/coaches/MD/baltimore")).toBeNull();
    expect(parsePlacePath("/coaches/mdx/baltimore")).toBeNull();
    expect(parsePlacePath("/coaches/md/baltimore/keeper")).toBeNull();
    expect(parsePlacePath("/coaches/md/-baltimore")).toBeNull();
  });
});

describe("page titles", () => {
  it("names a place page's h1 as the issue writes it", () => {
    expect(placeHeading({ cityName: "Baltimore", state: "md" }, null)).toBe("Lacrosse coaches in Baltimore, MD");
    expect(placeHeading({ cityName: "Baltimore", state: "MD" }, "Goalie")).toBe("Goalie coaches in Baltimore, MD");
  });

  it("titles a place page with its heading and describes count and prices", () => {
    const head = placePageHead({
      cityName: "Baltimore",
      state: "md",
      position: null,
      coachCount: 3,
      priceRange: { min: "$46.00", max: "$97.75" },
    });
    expect(head.title).toBe("Lacrosse coaches in Baltimore, MD | LaxCoach");
    expect(head.description).toBe(
      "Compare 3 lacrosse coaches in Baltimore, MD: open times, ratings and reviews. Sessions from $46.00 to $97.75. Book and pay online.",
    );
  });

  it("titles a coach in full, however long, and keeps the description one snippet long at the family's price", () => {
    const head = coachPageHead({
      user: { firstName: "Alexandria", lastName: "Montgomery-Whitfield" },
      title: "Former NCAA Division I All-American Goalie and Assistant Coach",
      bio: "Long bio ".repeat(40),
      location: "Baltimore, MD",
      specializations: ["Goalie"],
      rates: [{ id: 1, sessionType: "individual", duration: 60, rate: "80.00" }],
      rating: 4.8,
      reviewCount: 12,
    });
    expect(head.title).toBe(
      "Alexandria Montgomery-Whitfield, Former NCAA Division I All-American Goalie and Assistant Coach: lacrosse coach in Baltimore, MD | LaxCoach",
    );
    expect(head.description).toMatch(
      /^Alexandria Montgomery-Whitfield coaches Goalie lacrosse in Baltimore, MD\. Rated 4\.8\/5 from 12 reviews\. Sessions from \$92\.00\. /,
    );
    expect(head.description.length).toBeLessThanOrEqual(160);
    expect(head.description.endsWith("…")).toBe(true);
  });
});
