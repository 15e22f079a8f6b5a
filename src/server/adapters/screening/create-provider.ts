import type { Config } from "../../config";
import { HttpScreeningProvider } from "./http";
import type { ScreeningProvider } from "./provider";
import { SimulatedScreeningProvider } from "./simulated";

/** The real provider when SCREENING_PROVIDER=http (with its URL, key and webhook secret); else the simulated one. */
export function createScreeningProvider(config: Pick<Config, "screening">): ScreeningProvider {
  return config.screening ? new HttpScreeningProvider(config.screening) : new SimulatedScreeningProvider();
}
