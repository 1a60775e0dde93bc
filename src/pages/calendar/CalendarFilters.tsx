import { Box, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { canViewLocates, holds, type AccessProfile } from '../../../permissions';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from '../../../resources/calendar';
import { useSession } from '../../session/useSession';
import { ProjectPicker, useProductionCrews } from '../productions/production-pickers';

/** Whether a person may see a type at all, as the server decides it (calendar-sources.ts): the others get no toggle. */
export function mayView(type: CalendarEventType, p: AccessProfile): boolean {
  if (type === 'locate') return canViewLocates(p);
  return holds(p, `${type}s:view`);
}

function CrewFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { crews } = useProductionCrews();
  return (
    <TextField select size="small" label="Crew" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} sx={{ minWidth: 180 }}>
      <MenuItem value="">Every crew</MenuItem>
      {crews.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface CalendarFilterValues {
  projectId: number | null;
  crewId: number | null;
  types: CalendarEventType[];
}

/**
 * Project and crew pickers, and one toggle per event type that is also the legend: its colour is the
 * events' colour, pressed while the type shows.
 */
export function CalendarFilters({ value, onChange, visibleTypes }: { value: CalendarFilterValues; onChange: (next: CalendarFilterValues) => void; visibleTypes: CalendarEventType[] }) {
  const { profile } = useSession();
  const toggle = (type: CalendarEventType) =>
    onChange({ ...value, types: value.types.includes(type) ? value.types.filter((t) => t !== type) : [...value.types, type] });
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} role="search" aria-label="Filter the calendar">
        {holds(profile, 'projects:view') && (
          <Box sx={{ minWidth: { sm: 280 } }}>
            <ProjectPicker size="small" value={value.projectId} onChange={(p) => onChange({ ...value, projectId: p?.id ?? null })} />
          </Box>
        )}
        {holds(profile, 'productions:view') && <CrewFilter value={value.crewId} onChange={(crewId) => onChange({ ...value, crewId })} />}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label="Event types">
        {CALENDAR_EVENT_TYPES.filter((t) => visibleTypes.includes(t.value)).map((t) => {
          const on = value.types.includes(t.value);
          return (
            <Chip
              key={t.value}
              label={t.label}
              clickable
              aria-pressed={on}
              onClick={() => toggle(t.value)}
              variant={on ? 'filled' : 'outlined'}
              icon={<Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: on ? t.color : 'transparent', border: `2px solid ${t.color}`, ml: '8px !important' }} />}
              sx={on ? { bgcolor: `${t.color}1f` } : undefined}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
