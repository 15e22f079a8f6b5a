import { Router } from "express";
import type { AppDeps } from "../../deps";

// Filled in by the accounts work (issue 3).
export function accountsRouter(_deps: AppDeps): Router {
  return Router();
}
