import { Chip, Stack, TextField } from '@mui/material';
import { todayIn } from '../../../resources/time-zone';
import type { AddressPatch } from './useReportAddress';

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** Quick ranges from today (where the report's days are): this month, last month, the last 30 days, this year. */
export function quickRanges(today: string): Array<{ label: string; from: string; to: string }> {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return [
    { label: 'This month', from: iso(y, m - 1, 1), to: today },
    { label: 'Last month', from: iso(y, m - 2, 1), to: iso(y, m - 1, 0) },
    { label: 'Last 30 days', from: iso(y, m - 1, d - 29), to: today },
    { label: 'This year', from: iso(y, 0, 1), to: today },
  ];
}

/** From and To (both days included) with the quick ranges; each change goes to the address. */
export function RangeFilter({ from, to, timeZone, onChange }: { from?: string; to?: string; timeZone?: string; onChange: (patch: AddressPatch) => void }) {
  const today = todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField label="From" type="date" size="small" value={from ?? ''} onChange={(e) => onChange({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField label="To" type="date" size="small" value={to ?? ''} onChange={(e) => onChange({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Quick ranges">
        {quickRanges(today).map((r) => {
          const on = r.from === from && r.to === to;
          return <Chip key={r.label} label={r.label} clickable color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'} aria-pressed={on} onClick={() => onChange({ from: r.from, to: r.to })} />;
        })}
      </Stack>
    </Stack>
  );
}
