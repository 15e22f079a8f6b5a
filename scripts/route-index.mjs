// `node scripts/route-index.mjs` (npm run docs:routes): runs scripts/route-index.ts under tsx, which
// writes docs/ROUTES.md from the real app's router.
import { register } from "tsx/esm/api";

register();
await import("./route-index.ts");
