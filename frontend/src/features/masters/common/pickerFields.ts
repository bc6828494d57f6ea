import type { Dayjs } from 'dayjs';
import { dayjs } from '@/lib/time/dayjs';

// antd's date and time pickers hold dayjs values; our forms and the API hold text. These props of a
// Form.Item convert between the two in one place.

/** A date field holding "YYYY-MM-DD" (a Tokyo calendar date) behind antd's picker; '' for none. */
export const dateFieldProps = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value !== '' ? dayjs(value, 'YYYY-MM-DD') : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

/** A time field holding "HH:MM" behind antd's picker; '' for none. */
export const timeFieldProps = {
  getValueProps: (value: unknown) => {
    const match = typeof value === 'string' ? /^(\d{2}):(\d{2})$/.exec(value) : null;
    return { value: match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0) : null };
  },
  normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : ''),
};
