/** The value of `key` in a plain object answer, created by `make` the first time. */
export function entry<T>(object: Record<string, T>, key: string | number, make: () => T): T {
  let value = object[key];
  if (value === undefined) {
    value = make();
    object[key] = value;
  }
  return value;
}
