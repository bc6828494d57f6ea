/**
 * Reads a database id written as decimal digits ("42"); anything else ("4a", "-1", "1.5", "",
 * beyond 2^53) is not an id. Used for route parameters and stored ids alike.
 */
export function parseId(text: string): number | null {
  if (!/^[0-9]+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
