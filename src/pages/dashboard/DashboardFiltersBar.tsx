import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { DATE_PRESET_LABELS, DATE_PRESETS, type DashboardFilters, type DatePreset } from '../../../resources/dashboard';
import { ProjectPicker, useProductionCrews } from '../productions/production-pickers';

const CUSTOM = 'custom';
// "All time", "Every crew": an empty choice is shown by its name, not as an empty field under its label.
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
const ALL_TIME = '';

/** What a guest of a public dashboard may change: only these presets, projects and crews (absent: not exposed). */
export interface ExposedFilters {
  presets?: string[];
  projects?: Array<{ id: number; name: string }>;
  crews?: Array<{ id: number; name: string }>;
}

function CrewSelect({ value, onChange, options }: { value: number | null; onChange: (id: number | null) => void; options: Array<{ id: number; name: string }> }) {
  return (
    <TextField select size="small" label="Crew" value={value ?? ''} slotProps={SHOW_EMPTY} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} sx={{ minWidth: 180 }}>
      <MenuItem value="">Every crew</MenuItem>
      {options.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function SignedInCrewSelect(props: { value: number | null; onChange: (id: number | null) => void }) {
  const { crews } = useProductionCrews();
  return <CrewSelect {...props} options={crews} />;
}

function ProjectSelect({ value, onChange, options }: { value: number | null; onChange: (id: number | null) => void; options: Array<{ id: number; name: string }> }) {
  return (
    <TextField select size="small" label="Project" value={value ?? ''} slotProps={SHOW_EMPTY} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} sx={{ minWidth: 200 }}>
      <MenuItem value="">Every project</MenuItem>
      {options.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The dashboard's filters: a date preset or days of one's own, a project and a crew. Signed in, the
 * app's own pickers; on a public dashboard (`exposed`), only what the owner exposed, with only the
 * values allowed.
 */
export function DashboardFiltersBar({ value, onChange, exposed, disabled }: { value: DashboardFilters; onChange: (next: DashboardFilters) => void; exposed?: ExposedFilters; disabled?: boolean }) {
  const presets = exposed ? DATE_PRESETS.filter((p) => exposed.presets?.includes(p)) : DATE_PRESETS;
  const showDates = !exposed || presets.length > 0;
  const dateChoice = value.preset ?? (value.range ? CUSTOM : ALL_TIME);
  const setDates = (choice: string) => {
    if (choice === CUSTOM) {
      const today = new Date().toISOString().slice(0, 10);
      onChange({ ...value, preset: undefined, range: value.range ?? { from: today, to: today } });
    } else onChange({ ...value, preset: choice ? (choice as DatePreset) : undefined, range: undefined });
  };
  const setRange = (from: string, to: string) => from && to && from <= to && onChange({ ...value, preset: undefined, range: { from, to } });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap" role="search" aria-label="Dashboard filters">
      {showDates && (
        <TextField select size="small" label="Dates" value={dateChoice} slotProps={SHOW_EMPTY} onChange={(e) => setDates(e.target.value)} disabled={disabled} sx={{ minWidth: 170 }}>
          {!exposed && <MenuItem value={ALL_TIME}>All time</MenuItem>}
          {exposed && !value.preset && <MenuItem value={dateChoice}>{value.range ? `${value.range.from} – ${value.range.to}` : 'All time'}</MenuItem>}
          {presets.map((p) => (
            <MenuItem key={p} value={p}>
              {DATE_PRESET_LABELS[p]}
            </MenuItem>
          ))}
          {!exposed && <MenuItem value={CUSTOM}>Custom range</MenuItem>}
        </TextField>
      )}
      {!exposed && dateChoice === CUSTOM && value.range && (
        <Stack direction="row" spacing={1}>
          <TextField size="small" type="date" label="From" value={value.range.from} onChange={(e) => setRange(e.target.value, value.range!.to)} slotProps={{ inputLabel: { shrink: true } }} disabled={disabled} />
          <TextField size="small" type="date" label="To" value={value.range.to} onChange={(e) => setRange(value.range!.from, e.target.value)} slotProps={{ inputLabel: { shrink: true } }} disabled={disabled} />
        </Stack>
      )}
      {exposed ? (
        exposed.projects?.length ? <ProjectSelect value={value.projectId ?? null} onChange={(projectId) => onChange({ ...value, projectId })} options={exposed.projects} /> : null
      ) : (
        <Box sx={{ minWidth: { sm: 260 } }}>
          <ProjectPicker size="small" value={value.projectId ?? null} onChange={(p) => onChange({ ...value, projectId: p?.id ?? null })} disabled={disabled} />
        </Box>
      )}
      {exposed ? (
        exposed.crews?.length ? <CrewSelect value={value.crewId ?? null} onChange={(crewId) => onChange({ ...value, crewId })} options={exposed.crews} /> : null
      ) : (
        <SignedInCrewSelect value={value.crewId ?? null} onChange={(crewId) => onChange({ ...value, crewId })} />
      )}
    </Stack>
  );
}
