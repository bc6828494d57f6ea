import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Business dates are Tokyo dates wherever the browser is (SPEC section 9). antd's date pickers
// use this same dayjs instance, so they format in Japanese too.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('ja');
dayjs.tz.setDefault('Asia/Tokyo');

export { dayjs };
