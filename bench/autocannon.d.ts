// autocannon ships without types; this covers what the benchmarks use.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  type RequestSpec = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    amount?: number;
    requests?: (RequestSpec & { setupRequest?: (req: RequestSpec) => RequestSpec })[];
  };
  type Result = { errors: number; timeouts: number; non2xx: number };
  type Instance = EventEmitter &
    PromiseLike<Result> & {
      on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    };

  export default function autocannon(options: Options): Instance;
}
