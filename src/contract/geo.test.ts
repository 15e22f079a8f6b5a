import { describe, expect, it } from "vitest";
import { formatLocation, timeZoneForPlace } from "./geo";

describe("timeZoneForPlace", () => {
  it.each([
    ["NY", 40.7484, -73.9967, "America/New_York"],
    ["CA", 34.0901, -118.4065, "America/Los_Angeles"],
    ["CO", 39.7491, -104.9946, "America/Denver"],
    ["AZ", 33.4484, -112.074, "America/Phoenix"],
    ["IL", 41.8858, -87.6181, "America/Chicago"],
    ["HI", 21.3069, -157.8583, "Pacific/Honolulu"],
    ["AK", 61.2181, -149.9003, "America/Anchorage"],
  ])("puts a single-zone state (%s) in its zone", (state, lat, lon, zone) => {
    expect(timeZoneForPlace(state, lat, lon)).toBe(zone);
  });

  it.each([
    ["FL Miami", "FL", 25.7617, -80.1918, "America/New_York"],
    ["FL Tallahassee", "FL", 30.4383, -84.2807, "America/New_York"],
    ["FL Pensacola (panhandle)", "FL", 30.4223, -87.2248, "America/Chicago"],
    ["TN Knoxville", "TN", 35.9625, -83.9209, "America/New_York"],
    ["TN Chattanooga", "TN", 35.0456, -85.3097, "America/New_York"],
    ["TN Nashville", "TN", 36.1657, -86.7781, "America/Chicago"],
    ["KY Louisville", "KY", 38.2527, -85.7585, "America/New_York"],
    ["KY Bowling Green", "KY", 36.9685, -86.4808, "America/Chicago"],
    ["IN Indianapolis", "IN", 39.7684, -86.1581, "America/Indiana/Indianapolis"],
    ["IN Gary", "IN", 41.5934, -87.3464, "America/Chicago"],
    ["IN Evansville", "IN", 37.9716, -87.5711, "America/Chicago"],
    ["MI Detroit", "MI", 42.3314, -83.0458, "America/Detroit"],
    ["MI Iron Mountain (UP)", "MI", 45.8202, -88.066, "America/Menominee"],
    ["ND Fargo", "ND", 46.8772, -96.7898, "America/Chicago"],
    ["ND Dickinson", "ND", 46.8792, -102.7896, "America/Denver"],
    ["SD Sioux Falls", "SD", 43.5446, -96.7311, "America/Chicago"],
    ["SD Rapid City", "SD", 44.0805, -103.231, "America/Denver"],
    ["NE Omaha", "NE", 41.2565, -95.9345, "America/Chicago"],
    ["NE Scottsbluff", "NE", 41.8666, -103.6672, "America/Denver"],
    ["KS Wichita", "KS", 37.6872, -97.3301, "America/Chicago"],
    ["KS Goodland", "KS", 39.3508, -101.7102, "America/Denver"],
    ["TX Dallas", "TX", 32.7904, -96.8044, "America/Chicago"],
    ["TX El Paso", "TX", 31.7584, -106.4783, "America/Denver"],
    ["ID Boise", "ID", 43.615, -116.2023, "America/Boise"],
    ["ID Coeur d'Alene", "ID", 47.6777, -116.7805, "America/Los_Angeles"],
    ["OR Portland", "OR", 45.5152, -122.6784, "America/Los_Angeles"],
    ["OR Ontario (Malheur)", "OR", 44.0266, -116.9629, "America/Boise"],
  ])("splits states that span zones: %s", (_label, state, lat, lon, zone) => {
    expect(timeZoneForPlace(state, lat, lon)).toBe(zone);
  });

  it("knows territories and answers null for an unknown state", () => {
    expect(timeZoneForPlace("PR", 18.4655, -66.1057)).toBe("America/Puerto_Rico");
    expect(timeZoneForPlace("ZZ", 0, 0)).toBeNull();
  });

  it("accepts lower-case state codes", () => {
    expect(timeZoneForPlace("ny", 40.7, -74)).toBe("America/New_York");
  });
});

describe("formatLocation", () => {
  it("writes City, ST", () => {
    expect(formatLocation("Baltimore", "MD")).toBe("Baltimore, MD");
  });
});
