const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number) => String(n).padStart(2, '0');

/** 'MMMM DD YYYY h:mm:ss a' (spec 02 §9) in the browser's time zone: "November 24 2026 6:05:09 pm". */
export function formatNotificationDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hours = d.getHours();
  const h = hours % 12 === 0 ? 12 : hours % 12;
  return `${MONTHS[d.getMonth()]} ${two(d.getDate())} ${d.getFullYear()} ${h}:${two(d.getMinutes())}:${two(d.getSeconds())} ${hours < 12 ? 'am' : 'pm'}`;
}
