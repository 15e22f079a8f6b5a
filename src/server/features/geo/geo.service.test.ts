import pino from "pino";
import { describe, expect, it } from "vitest";
import { GEOCODE_CONCURRENCY, geocodeAddresses } from "./geo.service";

const silent = pino({ level: "silent" });

describe("geocoding a batch of slot addresses (issue 28)", () => {
  it("looks each distinct address up once, in parallel, never more than the limit at a time", async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const geocoder = {
      async geocode(address: string) {
        asked.push(address);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return address === "unknown" ? null : { latitude: address.length, longitude: -address.length };
      },
    };
    const addresses = [...Array.from({ length: 10 }, (_, i) => `${i} Main St`), "0 Main St", " 1 Main St ", "unknown", null, "", "unknown"];
    const found = await geocodeAddresses(geocoder, addresses, silent);
    expect(asked.sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `${i} Main St`), "unknown"].sort());
    expect(most).toBe(GEOCODE_CONCURRENCY);
    expect(found.get("3 Main St")).toEqual({ latitude: 9, longitude: -9 });
    expect(found.get("unknown")).toBeNull();
  });

  it("a lookup that throws answers null and the others still resolve", async () => {
    const geocoder = {
      async geocode(address: string) {
        if (address === "bad") throw new Error("geocoder down");
        return { latitude: 1, longitude: 2 };
      },
    };
    const found = await geocodeAddresses(geocoder, ["bad", "good"], silent);
    expect(found.get("bad")).toBeNull();
    expect(found.get("good")).toEqual({ latitude: 1, longitude: 2 });
  });
});
