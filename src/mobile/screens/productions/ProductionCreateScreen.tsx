import { Alert, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { BudgetItem } from '../../../../resources/budget';
import { formatDay, todayIn } from '../../../../resources/calendar-day';
import { createProductionBody, productionTextValues, type ProductionCrewOption, type ProductionTextValues } from '../../../../resources/production';
import type { Project, Station } from '../../../../resources/project';
import type { TaskListRow } from '../../../../resources/task';
import { useCachedRead } from '../../data/cached-read';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { DayTexts, writtenTexts } from './DayTexts';
import { ItemRows, checkRows, isPicked, rowOfBudgetItem, type ItemRow } from './ItemRows';
import { enqueueNewProduction } from './production-outbox';
import { CREWS_PATH, RECORDING_PROJECTS_PATH, budgetItemsPath, openTasksPath, stationsPath } from '../../data/field-reads';
import { ReadStatus } from '../../shell/ReadStatus';

type FieldErrors = Partial<Record<'project' | 'crew' | 'date' | 'task' | 'items', string>>;
const MENU = { sx: { minHeight: 48 } };

/** The projects a company may record production on: those it runs and those it works on as a subcontractor. */
const recordable = (p: Pick<Project, 'relation'>) => p.relation === 'owner' || p.relation === 'subcontractor';

/**
 * Record the day's production: the project, the crew and the day (chosen for the crew when there is
 * one choice), the quantities of the budget items with photos, then Save (a draft) or Save and submit.
 * Everything goes through the outbox: the list shows it at once, waiting to send while offline.
 */
export default function ProductionCreateScreen() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const projects = useCachedRead<Project[]>(RECORDING_PROJECTS_PATH);
  const crews = useCachedRead<ProductionCrewOption[]>(CREWS_PATH);
  const choices = (projects.data ?? []).filter(recordable);
  const [projectId, setProjectId] = useState<string>(query.get('projectId') ?? '');
  const [crewId, setCrewId] = useState('');
  const [date, setDate] = useState(todayIn());
  const [taskId, setTaskId] = useState('');
  const [texts, setTexts] = useState<ProductionTextValues>(() => productionTextValues());
  const [edits, setEdits] = useState<Record<string, ItemRow>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rowErrors, setRowErrors] = useState<Map<string, string>>(new Map());
  const [saving, setSaving] = useState(false);

  // One choice: nothing to choose.
  if (projectId === '' && choices.length === 1) setProjectId(String(choices[0]!.id));
  if (crewId === '' && crews.data?.length === 1) setCrewId(String(crews.data[0]!.id));

  const project = choices.find((p) => String(p.id) === projectId) ?? null;
  const budget = useCachedRead<BudgetItem[]>(project ? budgetItemsPath(project.id) : null);
  const stations = useCachedRead<Station[]>(project ? stationsPath(project.id) : null);
  const tasks = useCachedRead<TaskListRow[]>(project?.taskBasedProduction ? openTasksPath(project.id) : null);
  const rows = (budget.data ?? []).map((b) => edits[`b${b.id}`] ?? rowOfBudgetItem(b));
  const crew = crews.data?.find((c) => String(c.id) === crewId) ?? null;

  const chooseProject = (id: string) => {
    setProjectId(id);
    setEdits({});
    setTaskId('');
    setErrors((e) => ({ ...e, project: undefined, items: undefined }));
  };

  const save = async (submit: boolean) => {
    const picked = rows.filter(isPicked);
    const fieldErrors: FieldErrors = {};
    if (!project) fieldErrors.project = 'Choose a project';
    if (!crew) fieldErrors.crew = 'Choose a crew';
    if (project?.taskBasedProduction && !taskId) fieldErrors.task = 'This project records production by task: choose one';
    if (project && picked.length === 0) fieldErrors.items = 'Type the quantity of at least one item';
    const body = {
      crewId: crew?.id ?? 0,
      date,
      items: picked.map((r) => ({ budgetItemId: r.budgetItemId, quantity: r.quantity.trim(), ...(r.description.trim() ? { description: r.description.trim() } : {}), ...(r.stationId !== null ? { stationId: r.stationId } : {}) })),
      texts: writtenTexts(texts),
      ...(taskId ? { taskId: Number(taskId) } : {}),
    };
    const checked = createProductionBody.safeParse(body);
    if (!checked.success && !fieldErrors.crew) {
      const dateIssue = checked.error.issues.find((i) => i.path[0] === 'date');
      if (dateIssue) fieldErrors.date = dateIssue.message;
    }
    const quantityErrors = checkRows(rows);
    setErrors(fieldErrors);
    setRowErrors(quantityErrors);
    if (Object.keys(fieldErrors).length || quantityErrors.size || !project || !crew) return;
    setSaving(true);
    const label = `Production of ${crew.name} on ${project.code}, ${formatDay(date)}`;
    await enqueueNewProduction({ projectId: project.id, label, body, photos: picked.map((r) => r.photos), submit });
    navigate('/productions', { replace: true, state: { saved: submit ? `${label}: saved and submitted` : `${label}: saved` } });
  };

  return (
    <>
      <ScreenHeader title="Record production" back="/productions" />
      <ReadStatus read={projects} what="the projects" />
      <Stack component="form" noValidate spacing={2} sx={{ p: 2 }} onSubmit={(e) => e.preventDefault()}>
        <TextField select label="Project" required value={project ? projectId : ''} onChange={(e) => chooseProject(e.target.value)} error={!!errors.project} helperText={errors.project ?? (projects.data && choices.length === 0 ? 'No project to record on.' : undefined)} disabled={saving}>
          {choices.map((p) => (
            <MenuItem key={p.id} value={String(p.id)} {...MENU}>
              {p.code} · {p.projectName}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Crew" required value={crew ? crewId : ''} onChange={(e) => setCrewId(e.target.value)} error={!!errors.crew || !!crews.error} helperText={errors.crew ?? (crews.error ? 'The crews could not be loaded.' : crews.data?.length === 0 ? 'You are in no crew you may record for.' : undefined)} disabled={saving}>
          {(crews.data ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)} {...MENU}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Day" type="date" required value={date} onChange={(e) => setDate(e.target.value)} error={!!errors.date} helperText={errors.date} disabled={saving} slotProps={{ inputLabel: { shrink: true } }} />
        {project?.taskBasedProduction && (
          <TextField select label="Task" required value={taskId} onChange={(e) => setTaskId(e.target.value)} error={!!errors.task} helperText={errors.task ?? (tasks.data?.length === 0 ? 'No open task on this project.' : undefined)} disabled={saving}>
            {(tasks.data ?? []).map((t) => (
              <MenuItem key={t.id} value={String(t.id)} {...MENU}>
                {[t.summary, t.crewName].filter(Boolean).join(' · ')}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Typography variant="h2" component="h2">
          Items
        </Typography>
        {errors.items && <Alert severity="error">{errors.items}</Alert>}
        {!project ? (
          <Typography color="text.secondary">Choose the project to list its budget items.</Typography>
        ) : (
          <>
            <ReadStatus read={budget} what="the budget items" />
            {budget.data?.length === 0 && <Typography color="text.secondary">The project has no budget items to produce against.</Typography>}
            <ItemRows rows={rows} onChange={(next) => setEdits(Object.fromEntries(next.map((r) => [r.key, r])))} errors={rowErrors} stations={stations.data ?? []} disabled={saving} />
          </>
        )}
        <DayTexts values={texts} onChange={setTexts} disabled={saving} />
        {saving && <LinearProgress aria-label="Saving" />}
        <Stack spacing={1.5}>
          <Button variant="contained" size="large" onClick={() => void save(true)} disabled={saving} sx={{ minHeight: 56 }}>
            Save and submit
          </Button>
          <Button variant="outlined" size="large" onClick={() => void save(false)} disabled={saving} sx={{ minHeight: 56 }}>
            Save
          </Button>
        </Stack>
      </Stack>
    </>
  );
}
