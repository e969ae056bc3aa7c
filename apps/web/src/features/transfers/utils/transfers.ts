/** Specification 001 §9: a transfer is shown as '#' and the last 8 characters of its id. */
export function transferNumber(id: string): string {
  return `#${id.slice(-8).toUpperCase()}`;
}
