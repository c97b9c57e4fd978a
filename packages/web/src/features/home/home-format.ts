/** Greeting for the hour of the day. */
export const greetingFor = (hour: number): string => {
  if (hour < 6) return '凌晨好';
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
};

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in local time. */
export const formatDateTime = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
  `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
