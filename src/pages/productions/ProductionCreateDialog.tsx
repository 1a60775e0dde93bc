import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useInvalidate, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCTION_MESSAGES, PRODUCTION_SUCCESS, PRODUCTION_TEXTS, createProductionBody, productionTextValues, type Production, type ProductionTextValues } from '../../../resources/production';
import { apiFetch, type ApiError } from '../../api/http';
import type { ResourceFormComponent } from '../../engine/ResourceListPage';
import { BudgetItemQuantities, checkPicked, pickedBody, type PickedItems } from './BudgetItemQuantities';
import { useRevealed } from '../../components/useRevealed';
import { createPath } from './production-api';
import { TaskPicker } from '../tasks/TaskPicker';
import { ProjectPicker, useProductionCrews, type ProjectOption } from './production-pickers';
import { todayIn } from './production-status';

type FieldErrors = Partial<Record<'project' | 'crewId' | 'date' | 'taskId', string>>;

/**
 * New production (productions:manage): the project (one the company may record on), the crew, the
 * day (today in the project's zone by default), quantities of the project's budget items and the
 * day's texts; POST production/project/{projectId}, then the new production's inspection page.
 * Full screen on phones, where crews record their day.
 */
export const ProductionCreateDialog: ResourceFormComponent = ({ onClose }) => {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const { crews, loading: crewsLoading, failed: crewsFailed } = useProductionCrews();
  const [project, setProject] = useState<ProjectOption | null>(null);
  const [crewId, setCrewId] = useState<string>('');
  const [taskId, setTaskId] = useState<number | null>(null);
  const [date, setDate] = useState(todayIn());
  const [dateTouched, setDateTouched] = useState(false);
  const [picked, setPicked] = useState<PickedItems>(new Map());
  const [texts, setTexts] = useState<ProductionTextValues>(productionTextValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [itemErrors, setItemErrors] = useState<ReturnType<typeof checkPicked>>(new Map());
  const [failure, setFailure] = useState<{ message: string; existingId?: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const showAlert = useRevealed<HTMLDivElement>(failure);

  // One crew: nothing to choose.
  if (crewId === '' && crews.length === 1) setCrewId(String(crews[0]!.id));

  const chooseProject = (p: ProjectOption | null) => {
    setProject(p);
    setPicked(new Map());
    setTaskId(null);
    setItemErrors(new Map());
    setErrors((e) => ({ ...e, project: undefined }));
    if (p && !dateTouched) setDate(todayIn(p.timezone));
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      crewId: crewId === '' ? undefined : Number(crewId),
      date,
      items: pickedBody(picked),
      texts: Object.fromEntries(Object.entries(texts).filter(([, v]) => v.trim() !== '')),
      ...(taskId !== null ? { taskId } : {}),
    };
    const checked = createProductionBody.safeParse(body);
    const fieldErrors: FieldErrors = {};
    if (!project) fieldErrors.project = 'Choose a project';
    // A project that records production by task needs one (the server says so too).
    if (project?.taskBasedProduction && taskId === null) fieldErrors.taskId = 'Choose a task';
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'crewId' || field === 'date') && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
    }
    const rowErrors = checkPicked(picked);
    setErrors(fieldErrors);
    setItemErrors(rowErrors);
    if (Object.keys(fieldErrors).length || rowErrors.size || !project) return;
    setSaving(true);
    try {
      const { data } = await apiFetch<Production>(createPath(project.id), { method: 'POST', body, quiet: true });
      await invalidate({ resource: 'productions', invalidates: ['list'] });
      notify?.({ type: 'success', message: PRODUCTION_SUCCESS.created });
      navigate(`/productions/inspect/${data.id}`);
    } catch (err) {
      const e = err as ApiError;
      const crew = e.details?.find((d) => d.field === 'crewId');
      if (crew) setErrors((x) => ({ ...x, crewId: crew.message }));
      const task = e.details?.find((d) => d.field === 'taskId');
      if (task) setErrors((x) => ({ ...x, taskId: task.message }));
      const existingId = e.details?.find((d) => d.existingId !== undefined)?.existingId;
      setFailure({ message: e.statusCode === 409 ? e.message || PRODUCTION_MESSAGES.duplicate : e.message, existingId });
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={() => !saving && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="new-production-title">
      <form onSubmit={save} noValidate style={{ display: 'contents' }}>
        <DialogTitle id="new-production-title">New production</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {failure && (
              <Alert
                ref={showAlert}
                severity="error"
                role="alert"
                onClose={() => setFailure(null)}
                // On a phone the way out goes under the message rather than squeezing it.
                sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: 'auto' } }}
                action={
                  failure.existingId !== undefined ? (
                    <Button color="inherit" size="small" sx={{ minHeight: 40, whiteSpace: 'nowrap' }} onClick={() => navigate(`/productions/inspect/${failure.existingId}`)}>
                      Open that day's sheet
                    </Button>
                  ) : undefined
                }
              >
                {failure.message}
              </Alert>
            )}
            <ProjectPicker recording value={project?.id ?? null} onChange={chooseProject} error={errors.project} required disabled={saving} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Crew"
                required
                value={crewId}
                onChange={(e) => {
                  setCrewId(e.target.value);
                  setErrors((x) => ({ ...x, crewId: undefined }));
                }}
                error={!!errors.crewId || crewsFailed}
                helperText={errors.crewId ?? (crewsFailed ? 'The crews could not be loaded.' : !crewsLoading && crews.length === 0 ? 'No crew you may record for.' : undefined)}
                disabled={saving}
                sx={{ flex: 1 }}
              >
                {crews.map((c) => (
                  <MenuItem key={c.id} value={String(c.id)}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Date"
                type="date"
                required
                value={date}
                onChange={(e) => {
                  setDate(e.target.value);
                  setDateTouched(true);
                }}
                error={!!errors.date}
                helperText={errors.date}
                disabled={saving}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: { sm: 200 } }}
              />
            </Stack>
            {project?.taskBasedProduction && (
              <TaskPicker
                projectId={project.id}
                crewId={crewId === '' ? null : Number(crewId)}
                value={taskId}
                onChange={(id) => {
                  setTaskId(id);
                  setErrors((x) => ({ ...x, taskId: undefined }));
                }}
                error={errors.taskId}
                required
                disabled={saving}
              />
            )}
            <Typography variant="subtitle2" component="h2">
              Items
            </Typography>
            {project ? (
              <BudgetItemQuantities projectId={project.id} picked={picked} onChange={setPicked} errors={itemErrors} disabled={saving} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Choose the project to list its budget items.
              </Typography>
            )}
            <Typography variant="subtitle2" component="h2">
              The day
            </Typography>
            {PRODUCTION_TEXTS.map((t) => (
              <TextField
                key={t.key}
                label={t.label}
                multiline
                minRows={t.key === 'notes' ? 2 : 1}
                value={texts[t.key]}
                onChange={(e) => setTexts((x) => ({ ...x, [t.key]: e.target.value }))}
                disabled={saving}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving…' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
