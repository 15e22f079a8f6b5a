import { integer, type ReferenceConfig } from "drizzle-orm/pg-core";

/** A required id of another table's row (`integer not null references …`), the most common column here. */
export function requiredRef<TName extends string>(name: TName, ref: ReferenceConfig["ref"], actions?: ReferenceConfig["actions"]) {
  return integer(name).notNull().references(ref, actions);
}
