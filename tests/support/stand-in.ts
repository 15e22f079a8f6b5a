/**
 * Stands for a value a hook makes later (beforeAll): each property is read from it when used, so a
 * file can name its app or browser once at the top, as a const.
 */
export function standIn<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      if (!value) throw new Error(`${what} starts in beforeAll: use it inside a test or a hook.`);
      const member = Reflect.get(value, key) as unknown;
      // A class's method (on the prototype) keeps its object; an own member (the test app's Express
      // app, its closures) is given as it is, with its own properties.
      const method = typeof member === "function" && !Object.prototype.hasOwnProperty.call(value, key);
      return method ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
  });
}
