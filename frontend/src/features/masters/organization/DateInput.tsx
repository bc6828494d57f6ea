import type { Dayjs } from 'dayjs';
import { dayjs } from '@/lib/time/dayjs';
import { DatePicker } from '@/shared/dates/pickers';

interface Props {
  /** 'YYYY-MM-DD' or null, as the API carries a calendar date. */
  value?: string | null | undefined;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** A calendar date field whose form value is the API's 'YYYY-MM-DD' text (null when cleared). */
export function DateInput({ value, onChange, ...rest }: Props) {
  const date = value ? dayjs(value) : null;
  return (
    <DatePicker
      {...rest}
      value={date?.isValid() ? date : null}
      placeholder="日付を選択"
      allowClear
      style={{ width: '100%' }}
      onChange={(next: Dayjs | null) => {
        onChange?.(next ? next.format('YYYY-MM-DD') : null);
      }}
    />
  );
}
