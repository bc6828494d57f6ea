import { DatePicker as AntdDatePicker, type DatePickerProps as AntdDatePickerProps, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerFormats, type PickerKind } from './format';

// The console's date pickers: antd's, writing dates as the lists do (format.ts). Screens take these
// rather than antd's and give no format of their own, so no picker drifts from the lists.

interface Shared {
  picker?: PickerKind;
}

export type DatePickerProps = Omit<AntdDatePickerProps<Dayjs, false>, 'format' | 'picker'> & Shared;
export type RangePickerProps = Omit<GetProps<typeof AntdDatePicker.RangePicker>, 'format' | 'picker'> & Shared;

/** A date (2026/11/01), a month (2026/11) or, with showTime, a date and time (2026/11/01 09:30). */
export function DatePicker(props: DatePickerProps) {
  return <AntdDatePicker {...props} format={pickerFormats(props.picker, Boolean(props.showTime))} />;
}

/** A period of dates, of months or, with showTime, of dates and times, written as DatePicker writes them. */
export function RangePicker(props: RangePickerProps) {
  return <AntdDatePicker.RangePicker {...props} format={pickerFormats(props.picker, Boolean(props.showTime))} />;
}
