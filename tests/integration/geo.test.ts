import { describe, expect, it } from "vitest";
import { createGeocoder } from "@server/adapters/geo";
import { useTestApp } from "@tests/support/test-app";
import http from "node:http";
import type { AddressInfo } from "node:net";

const t = useTestApp();

describe("ZIP lookup", () => {
  it.each([
    ["10001", "New York", "NY", "America/New_York"],
    ["90210", "Beverly Hills", "CA", "America/Los_Angeles"],
    ["80202", "Denver", "CO", "America/Denver"],
    ["60601", "Chicago", "IL", "America/Chicago"],
    ["79901", "El Paso", "TX", "America/Denver"],
  ])("finds %s with city, state, coordinates and time zone", async (zip, city, state, timeZone) => {
    const res = await t.agent().get(`/api/geo/zip/${zip}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ zip, city, state, timeZone });
    expect(typeof res.body.latitude).toBe("number");
    expect(typeof res.body.longitude).toBe("number");
  });

  it("answers the Los Angeles area with Pacific coordinates", async () => {
    const res = await t.agent().get("/api/geo/zip/90210");
    expect(res.body.latitude).toBeCloseTo(34.09, 1);
    expect(res.body.longitude).toBeCloseTo(-118.41, 1);
  });

  it("answers 404 for a ZIP that does not exist", async () => {
    const res = await t.agent().get("/api/geo/zip/00000");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("ZIP code not found");
  });

  it.each(["1234", "123456", "abcde"])("answers 400 for %s, which is not 5 digits", async (zip) => {
    const res = await t.agent().get(`/api/geo/zip/${zip}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Zipcode must be 5 digits");
  });

  it("loads the full offline ZIP table once per database", async () => {
    const { loadReferenceData } = await import("@server/db/reference-data");
    const started = Date.now();
    await loadReferenceData(t.deps.database.db);
    expect(Date.now() - started).toBeLessThan(500);
    const res = await t.agent().get("/api/geo/zip/99501");
    expect(res.body).toMatchObject({ city: "Anchorage", state: "AK", timeZone: "America/Anchorage" });
  });
});

describe("slot address geocoder", () => {
  const silent = { warn: () => {}, info: () => {} } as never;

  it("does nothing without GEOCODER_URL", async () => {
    const geocoder = createGeocoder({ logger: silent });
    expect(await geocoder.geocode("1 Main St, Baltimore, MD")).toBeNull();
  });

  it("asks a Nominatim-compatible service and reads the first match", async () => {
    let seen = "";
    const server = http.createServer((req, res) => {
      seen = req.url ?? "";
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify([{ lat: "39.2904", lon: "-76.6122", display_name: "Baltimore" }]));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const geocoder = createGeocoder({ geocoderUrl: `http://127.0.0.1:${port}`, logger: silent });
      expect(await geocoder.geocode("1 Main St, Baltimore, MD")).toEqual({ latitude: 39.2904, longitude: -76.6122 });
      expect(seen).toMatch(/^\/search\?format=json/);
      expect(seen).toContain("q=1%20Main%20St%2C%20Baltimore%2C%20MD");
    } finally {
      server.close();
    }
  });

  it("answers null (and does not throw) when the service fails", async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 500;
      res.end("boom");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const geocoder = createGeocoder({ geocoderUrl: `http://127.0.0.1:${port}`, logger: silent });
      expect(await geocoder.geocode("nowhere")).toBeNull();
      const unreachable = createGeocoder({ geocoderUrl: "http://127.0.0.1:9", logger: silent });
      expect(await unreachable.geocode("nowhere")).toBeNull();
    } finally {
      server.close();
    }
  });
});
