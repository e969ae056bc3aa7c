/**
 * The fields whose values differ between two records, as `{changes, previous}`:
 * what a "details changed" event records (new values for readers, old ones for auditors).
 */
export function diff<T extends object>(
  current: T,
  next: T,
  keys: ReadonlyArray<keyof T>,
): { changes: Partial<T>; previous: Partial<T> } | null {
  const changed = keys.filter((key) => current[key] !== next[key]);
  if (changed.length === 0) return null;
  const pick = (source: T) => Object.fromEntries(changed.map((key) => [key, source[key]])) as Partial<T>;
  return { changes: pick(next), previous: pick(current) };
}
