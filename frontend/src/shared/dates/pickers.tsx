import { DatePicker as AntdDatePicker, type DatePickerProps as AntdDatePickerProps, type GetProps, type GetRef } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, type KeyboardEvent } from 'react';
import { useIsMobile } from '@/app/shell/useIsMobile';
import './pickers.css';
import { pickerFormats, type PickerKind } from './format';

// The console's date pickers: antd's, writing dates as the lists do (format.ts). Screens take these
// rather than antd's and give no format of their own, so no picker drifts from the lists.

interface Shared {
  picker?: PickerKind;
}

export type DatePickerProps = Omit<AntdDatePickerProps<Dayjs, false>, 'format' | 'picker'> & Shared;
export type RangePickerProps = Omit<GetProps<typeof AntdDatePicker.RangePicker>, 'format' | 'picker' | 'classNames'> & Shared;

type OnKeyDown = (event: KeyboardEvent<HTMLElement>, preventDefault: () => void) => void;

/**
 * Enter confirms a typed date (antd's picker takes it first); it must not also send the form the
 * picker is in, as the browser's implicit submission would, half filled in.
 */
function enterStaysInPicker(onKeyDown: OnKeyDown | undefined): OnKeyDown {
  return (event, preventDefault) => {
    if (event.key === 'Enter') event.preventDefault();
    onKeyDown?.(event, preventDefault);
  };
}

/** A date (2026/11/01), a month (2026/11) or, with showTime, a date and time (2026/11/01 09:30). */
export function DatePicker(props: DatePickerProps) {
  return (
    <AntdDatePicker
      {...props}
      format={pickerFormats(props.picker, Boolean(props.showTime))}
      onKeyDown={enterStaysInPicker(props.onKeyDown)}
    />
  );
}

/**
 * A period of dates, of months or, with showTime, of dates and times, written as DatePicker writes
 * them. On a phone its two months are stacked in a sheet along the bottom of the screen
 * (pickers.css), as side by side they are wider than the screen and stacked taller than the room
 * beside most fields; opening it brings its field to the top of the screen, so the field and the
 * end being chosen stay in view above the sheet.
 */
export function RangePicker(props: RangePickerProps) {
  const isPhone = useIsMobile();
  const picker = useRef<GetRef<typeof AntdDatePicker.RangePicker>>(null);
  const { onOpenChange } = props;
  return (
    <AntdDatePicker.RangePicker
      {...props}
      ref={picker}
      format={pickerFormats(props.picker, Boolean(props.showTime))}
      onKeyDown={enterStaysInPicker(props.onKeyDown)}
      classNames={{ popup: { root: 'rouder-range-popup' } }}
      onOpenChange={(open) => {
        if (open && isPhone) picker.current?.nativeElement.scrollIntoView({ block: 'start' });
        onOpenChange?.(open);
      }}
    />
  );
}
