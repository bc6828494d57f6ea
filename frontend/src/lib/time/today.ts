const tokyoDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The date in Tokyo (YYYY-MM-DD), the business day the server counts in, at `now`. Without dayjs:
 * route loaders use it, and they are in the first chunk, which the sign-in screen waits for.
 */
export function tokyoToday(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => tokyoDate.formatToParts(now).find((p) => p.type === type)?.value;
  return `${part('year') ?? ''}-${part('month') ?? ''}-${part('day') ?? ''}`;
}
