import type { AppDeps } from "../../deps";

/**
 * One instance per database, made on first use: search's in-memory caches belong to the data
 * they copy, and tests start a fresh database (and so fresh caches) per file.
 */
export function perDatabase<T>(create: (deps: AppDeps) => T): (deps: AppDeps) => T {
  const instances = new WeakMap<object, T>();
  return (deps) => {
    let instance = instances.get(deps.database);
    if (instance === undefined) {
      instance = create(deps);
      instances.set(deps.database, instance);
    }
    return instance;
  };
}
