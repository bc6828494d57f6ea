// The IP address allow-list of an organization (docs/product/masters.md allowIpAddresses): addresses or
// CIDRs, kept by the server as one text separated by commas or new lines. The checks follow the
// server's (backend/internal/domain/organization: netip.ParseAddr / ParsePrefix).

/** The server's message for an entry that is neither an address nor a CIDR. */
export const ALLOW_LIST_FORMAT_MESSAGE = 'IPアドレスまたはCIDR(例: 192.0.2.0/24)の形式で入力してください。';

/** The server's bound on the entries (organization.MaxAllowEntries): every request of the organization reads the list. */
export const MAX_ALLOW_LIST_ENTRIES = 5000;

/** The server's message past MAX_ALLOW_LIST_ENTRIES. */
export const ALLOW_LIST_COUNT_MESSAGE = `許可IPアドレスは${MAX_ALLOW_LIST_ENTRIES}件以内で入力してください。`;

/** The entries of the stored text (the server splits on commas, new lines and spaces). */
export function splitAllowList(text: string): string[] {
  return text.split(/[,\n\r ]+/).filter((entry) => entry !== '');
}

/** The stored text of entries: trimmed, blanks dropped, one per line. */
export function joinAllowList(entries: readonly string[]): string {
  return entries
    .flatMap((entry) => splitAllowList(entry.trim()))
    .join('\n');
}

function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return (
    parts.length === 4 &&
    parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255)
  );
}

function isIPv6(text: string): boolean {
  if (!text.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(text)) return false;
  // The URL parser knows every IPv6 form (::, embedded IPv4); nothing else is let through above.
  try {
    return new URL(`http://[${text}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** Whether one entry is an IPv4/IPv6 address or a CIDR of one. */
export function isAllowListEntry(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash < 0) return isIPv4(entry) || isIPv6(entry);
  const address = entry.slice(0, slash);
  const bits = entry.slice(slash + 1);
  if (!/^(0|[1-9][0-9]{0,2})$/.test(bits)) return false;
  if (isIPv4(address)) return Number(bits) <= 32;
  if (isIPv6(address)) return Number(bits) <= 128;
  return false;
}

/** The entries of a list that are not addresses or CIDRs. */
export function invalidAllowListEntries(entries: readonly string[]): string[] {
  return entries.flatMap((entry) => splitAllowList(entry.trim())).filter((entry) => !isAllowListEntry(entry));
}
