import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates in pages (date pickers, relative times) speak Chinese.
dayjs.locale('zh-cn');
