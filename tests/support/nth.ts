/** The item at `index` of a list a test built itself (ports, servers, data directories): its absence is a bug in the test. */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`No item ${index} in a list of ${list.length}`);
  return item;
}
