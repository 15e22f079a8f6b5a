import { Router } from "express";
import type { AppDeps } from "../../deps";

// Filled in by the content work (issue 3).
export function contentRouter(_deps: AppDeps): Router {
  return Router();
}
