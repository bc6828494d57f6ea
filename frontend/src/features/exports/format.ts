/** A size a person reads: 12.3 MB, 456 KB. */
export function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${String(Math.ceil(n / 1024))} KB`;
  return `${String(n)} B`;
}
