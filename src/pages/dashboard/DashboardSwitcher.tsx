import { ListSubheader, MenuItem, TextField } from '@mui/material';
import type { Dashboard } from '../../../resources/dashboard';

/** The viewer's dashboards in three groups: their own, those shared with the company, their role's default. */
export function groupDashboards(list: Dashboard[], userId: number | undefined) {
  const mine = list.filter((d) => d.owner?.id === userId && d.role === null);
  const byRole = list.filter((d) => d.role !== null);
  const shared = list.filter((d) => !mine.includes(d) && !byRole.includes(d));
  return [
    { label: 'Mine', items: mine },
    { label: 'Shared with the company', items: shared },
    { label: 'For my role', items: byRole },
  ].filter((g) => g.items.length > 0);
}

export function DashboardSwitcher({ list, userId, value, onChange }: { list: Dashboard[]; userId: number | undefined; value: number | null; onChange: (id: number) => void }) {
  return (
    <TextField select size="small" label="Dashboard" value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))} sx={{ minWidth: 220, flex: { xs: 1, sm: 'none' } }}>
      {groupDashboards(list, userId).flatMap((g) => [
        <ListSubheader key={`group-${g.label}`}>{g.label}</ListSubheader>,
        ...g.items.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        )),
      ])}
    </TextField>
  );
}
