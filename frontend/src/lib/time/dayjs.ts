import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Business dates are Tokyo dates wherever the browser is (docs/product/constants.md). antd's date pickers
// use this same dayjs instance, so they format in Japanese too.
// Without this plugin dayjs ignores the format argument of dayjs(text, format) and guesses.
dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('ja');
dayjs.tz.setDefault('Asia/Tokyo');

export { dayjs };
