import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Project, ProjectItemCategory } from '../../../resources/project';
import { budgetReportQuery } from '../../../resources/report';
import { apiFetch } from '../../api/http';
import { useLoaded } from '../dashboard/widgets/useLoaded';
import { ProjectPicker } from '../productions/production-pickers';
import { RangeFilter } from './RangeFilter';
import { ReportPage, useReportDocument } from './ReportPage';
import { useReportAddress } from './useReportAddress';

interface CompanyOption {
  id: number;
  name: string;
}

/** The companies whose budgets the report can narrow to: the project's, then those running its sub-projects (GET /projects/{id}/sub-projects/0). */
async function budgetCompanies(projectId: number, signal: AbortSignal): Promise<CompanyOption[]> {
  const [project, subs] = await Promise.all([
    apiFetch<Project>(`/projects/${projectId}`, { signal, quiet: true }),
    apiFetch<Project[]>(`/projects/${projectId}/sub-projects/0?_start=0&_end=200&_sort=projectName&_order=asc`, { signal, quiet: true }),
  ]);
  const companies = new Map([[project.data.companyId, project.data.companyName]]);
  for (const sub of subs.data) if (!companies.has(sub.companyId)) companies.set(sub.companyId, sub.companyName);
  return [...companies].map(([id, name]) => ({ id, name }));
}

/** The item categories of those budgets' items (GET /projects/{id}/item-categories/{companyId}/all), those without one left out: they cannot be asked for. */
async function budgetCategories(projectId: number, companyId: number, signal: AbortSignal) {
  const res = await apiFetch<ProjectItemCategory[]>(`/projects/${projectId}/item-categories/${companyId}/all`, { signal, quiet: true });
  return res.data.filter((c): c is ProjectItemCategory & { id: number } => c.id !== null);
}

/** A select of the report's filters: "All …" is the parameter left out. */
function FilterSelect({ label, all, value, options, disabled, onChange }: { label: string; all: string; value: string; options: Array<{ id: number; name: string }>; disabled: boolean; onChange: (id: number | null) => void }) {
  // A value from a shared link shows before (or without) its option's name.
  const known = value === '' || options.some((o) => String(o.id) === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      // "All …" is a choice to show, not an empty field.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 200, flex: { md: '0 1 260px' } }}
    >
      <MenuItem value="">{all}</MenuItem>
      {!known && <MenuItem value={value}>{`${label} ${value}`}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * reports/budget?projectId=&companyId=&categoryId=&from=&to=: a project's budgets planned against
 * produced against billed per category, company and item, and what was spent in the range.
 */
export function BudgetReportPage() {
  const address = useReportAddress(budgetReportQuery);
  const { values, change } = address;
  const loaded = useReportDocument('budget', address.search, !!address.query);
  const projectId = values.projectId && /^\d+$/.test(values.projectId) ? Number(values.projectId) : null;
  const companyId = values.companyId && /^\d+$/.test(values.companyId) ? Number(values.companyId) : 0;
  const companies = useLoaded(projectId ? (signal) => budgetCompanies(projectId, signal) : null, `companies ${projectId}`);
  const categories = useLoaded(projectId ? (signal) => budgetCategories(projectId, companyId, signal) : null, `categories ${projectId} ${companyId}`);
  const ranged = !!(values.from || values.to);
  return (
    <ReportPage
      name="budget"
      search={address.search}
      loaded={loaded}
      prompt={projectId ? null : 'Choose a project to see its budget.'}
      problem={values.projectId ? address.problem : null}
      actions={
        projectId ? (
          <Button component={RouterLink} to={`/projects/${projectId}/budget`} sx={{ whiteSpace: 'nowrap' }}>
            Open budget
          </Button>
        ) : null
      }
      filters={
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
            <Stack sx={{ minWidth: 280, flex: { md: '0 1 360px' } }}>
              {/* Another project's companies and categories mean nothing here. */}
              <ProjectPicker value={projectId} onChange={(p) => change({ projectId: p?.id ?? null, companyId: null, categoryId: null })} size="small" />
            </Stack>
            <FilterSelect label="Company" all="All companies" value={values.companyId ?? ''} options={companies.data ?? []} disabled={!projectId} onChange={(id) => change({ companyId: id, categoryId: null })} />
            <FilterSelect
              label="Category"
              all="All categories"
              value={values.categoryId ?? ''}
              options={(categories.data ?? []).map((c) => ({ id: c.id, name: c.name ?? '' }))}
              disabled={!projectId}
              onChange={(id) => change({ categoryId: id })}
            />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <RangeFilter from={values.from} to={values.to} timeZone={loaded.data?.timeZone} onChange={change} />
            <Chip label="All days" clickable color={ranged ? 'default' : 'primary'} variant={ranged ? 'outlined' : 'filled'} aria-pressed={!ranged} onClick={() => change({ from: null, to: null })} />
          </Stack>
        </Stack>
      }
    />
  );
}
