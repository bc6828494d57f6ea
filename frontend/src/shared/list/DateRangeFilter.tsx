import { dayjs } from '@/lib/time/dayjs';
import { RangePicker } from '@/shared/dates/pickers';

// Apart from the other filters (filters.tsx): the date picker is large, and most lists have no dates.

interface DateRangeFilterProps {
  /** Tokyo dates as the URL keeps them ('YYYY-MM-DD'). */
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
  label: string;
  placeholder: [string, string];
}

/** A range of dates, either end open. */
export function DateRangeFilter({ from, to, onChange, label, placeholder }: DateRangeFilterProps) {
  return (
    <RangePicker
      aria-label={label}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      allowEmpty={[true, true]}
      placeholder={placeholder}
      onChange={(range) => {
        onChange(range?.[0]?.format('YYYY-MM-DD') ?? undefined, range?.[1]?.format('YYYY-MM-DD') ?? undefined);
      }}
      style={{ flex: '1 1 220px', maxWidth: 280 }}
    />
  );
}
