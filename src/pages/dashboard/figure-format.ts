import type { FigureUnit } from '../../../resources/figures';

/** "1234567.5" → "1,234,567.5", on the string itself: exact decimals never pass through a float. */
function groupThousands(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A figure's exact decimal string as shown: money "$1,234.50", quantities and counts grouped by thousands. */
export function formatFigure(value: string, unit: FigureUnit): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  if (unit !== 'money') return groupThousands(value);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const cents = (fraction + '00').slice(0, 2);
  return `${negative ? '-' : ''}$${groupThousands(whole)}.${cents}`;
}
