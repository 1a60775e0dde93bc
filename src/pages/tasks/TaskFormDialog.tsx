import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useList, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { countries } from '../../reference/countries';
import { TASK_PRIORITIES, TASK_REASON_STATUSES, TASK_STATUSES, TASK_SUCCESS, createTaskBody, updateTaskBody, type CrewOption, type Task, type TaskStatus } from '../../../resources/task';
import type { ApiError } from '../../api/http';
import { useResource } from '../../engine/useResource';
import { taskTypes } from '../../../resources/catalog-types';
import { BudgetItemQuantities, checkPicked, pickedBody, type PickedItems } from '../productions/BudgetItemQuantities';
import { ProjectPicker, type ProjectOption } from '../productions/production-pickers';
import { AddressSearchField } from '../../forms/AddressSearchField';
import { placeValues } from '../../forms/address-search';
import { createTask, saveTask, useTaskRefresh } from './task-api';

type Values = Record<'summary' | 'description' | 'typeId' | 'crewId' | 'address' | 'city' | 'state' | 'country' | 'startDate' | 'endDate' | 'priority' | 'status' | 'rejectReason', string>;
type Errors = Partial<Record<keyof Values | 'project', string>>;

const fromTask = (t?: Task): Values => ({
  summary: t?.summary ?? '',
  description: t?.description ?? '',
  typeId: t?.typeId ? String(t.typeId) : '',
  crewId: t?.crewId ? String(t.crewId) : '',
  address: t?.address ?? '',
  city: t?.city ?? '',
  state: t?.state ?? '',
  country: t?.country ?? '',
  startDate: t?.startDate ?? '',
  endDate: t?.endDate ?? '',
  priority: t?.priority ?? 'normal',
  status: t?.status ?? 'open',
  rejectReason: t?.rejectReason ?? '',
});

const pickedOf = (t?: Task): PickedItems =>
  new Map((t?.items ?? []).map((i) => [i.budgetItemId, { item: { id: i.budgetItemId, itemName: i.itemName, itemCode: i.itemCode, unit: i.unit, price: i.price }, quantity: i.quantity, photosNumber: '' }]));

/** The company's crews and task types for the pickers (the people who edit tasks may read both). */
function useChoices() {
  const { meta } = useResource(taskTypes);
  const crews = useList<CrewOption>({ resource: 'task-crews', meta: { path: '/tasks/crews', quiet: true }, pagination: { currentPage: 1, pageSize: 200 }, sorters: [{ field: 'name', order: 'asc' }], errorNotification: false });
  const types = useList<{ id: number; name: string }>({ resource: taskTypes.name, meta: { ...meta, quiet: true }, pagination: { currentPage: 1, pageSize: 200 }, sorters: [{ field: 'name', order: 'asc' }], errorNotification: false });
  return { crews: crews.result.data, types: types.result.data };
}

/**
 * New task (on a project: chosen here, or the project page's) or an edit of one: every field of spec
 * 02 §3 Task, items as decimal quantities of the project's budget items, checked with the shared
 * schema before sending; the server's refusals land under their fields. Full screen on phones.
 */
export function TaskFormDialog({ task, project: fixedProject, onClose }: { task?: Task; project?: ProjectOption; onClose: (saved?: Task) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const refresh = useTaskRefresh();
  const { crews, types } = useChoices();
  const [project, setProject] = useState<ProjectOption | null>(fixedProject ?? null);
  const [values, setValues] = useState<Values>(fromTask(task));
  const [picked, setPicked] = useState<PickedItems>(pickedOf(task));
  const [errors, setErrors] = useState<Errors>({});
  const [itemErrors, setItemErrors] = useState<ReturnType<typeof checkPicked>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const projectId = task?.projectId ?? project?.id ?? null;
  const set = (key: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const body = () => ({
    summary: values.summary,
    description: values.description,
    typeId: values.typeId ? Number(values.typeId) : null,
    crewId: values.crewId ? Number(values.crewId) : null,
    address: values.address,
    city: values.city,
    state: values.state,
    country: values.country,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    priority: values.priority,
    status: values.status,
    rejectReason: TASK_REASON_STATUSES.includes(values.status as TaskStatus) ? values.rejectReason : null,
    items: pickedBody(picked).map(({ budgetItemId, quantity }) => ({ budgetItemId, quantity })),
  });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const sent = body();
    const checked = (task ? updateTaskBody : createTaskBody).safeParse(sent);
    const found: Errors = {};
    if (!task && !project) found.project = 'Choose a project';
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
    if (values.status === 'rejected' && !values.rejectReason.trim()) found.rejectReason = 'A reason is required to reject';
    const rowErrors = checkPicked(picked);
    setErrors(found);
    setItemErrors(rowErrors);
    if (Object.values(found).some(Boolean) || rowErrors.size || projectId === null) return;
    setSaving(true);
    try {
      const { data } = task ? await saveTask(task.id, sent) : await createTask(projectId, sent);
      await refresh();
      notify?.({ type: 'success', message: task ? TASK_SUCCESS.saved : TASK_SUCCESS.created });
      onClose(data);
    } catch (err) {
      const e = err as ApiError;
      const placed: Errors = {};
      for (const d of e.details ?? []) placed[d.field.split('.')[0] as keyof Values] ??= d.message;
      setErrors(placed);
      setFailure(e.message);
      setSaving(false);
    }
  };

  const reasonShown = TASK_REASON_STATUSES.includes(values.status as TaskStatus);
  const statuses = task ? TASK_STATUSES : TASK_STATUSES.filter((s) => s.value === 'open' || s.value === 'progress');
  return (
    <Dialog open onClose={() => !saving && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="task-form-title">
      <form onSubmit={save} noValidate style={{ display: 'contents' }}>
        <DialogTitle id="task-form-title">{task ? 'Edit task' : 'New task'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {!task && !fixedProject && <ProjectPicker recording value={project?.id ?? null} onChange={setProject} error={errors.project} required disabled={saving} />}
            <TextField label="Summary" required value={values.summary} onChange={set('summary')} error={!!errors.summary} helperText={errors.summary} disabled={saving} autoFocus />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label="Type" value={values.typeId} onChange={set('typeId')} error={!!errors.typeId} helperText={errors.typeId} disabled={saving} sx={{ flex: 1 }}>
                <MenuItem value="">No type</MenuItem>
                {types.map((t) => (
                  <MenuItem key={t.id} value={String(t.id)}>
                    {t.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Crew" value={values.crewId} onChange={set('crewId')} error={!!errors.crewId} helperText={errors.crewId} disabled={saving} sx={{ flex: 1 }}>
                <MenuItem value="">No crew</MenuItem>
                {crews.map((c) => (
                  <MenuItem key={c.id} value={String(c.id)}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label="Status" value={values.status} onChange={set('status')} error={!!errors.status} helperText={errors.status} disabled={saving} sx={{ flex: 1 }}>
                {statuses.map((s) => (
                  <MenuItem key={s.value} value={s.value}>
                    {s.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Priority" value={values.priority} onChange={set('priority')} error={!!errors.priority} helperText={errors.priority} disabled={saving} sx={{ flex: 1 }}>
                {TASK_PRIORITIES.map((p) => (
                  <MenuItem key={p.value} value={p.value}>
                    {p.label}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {reasonShown && (
              <TextField label="Reason" required={values.status === 'rejected'} value={values.rejectReason} onChange={set('rejectReason')} error={!!errors.rejectReason} helperText={errors.rejectReason} disabled={saving} multiline />
            )}
            <TextField label="Description" multiline minRows={2} value={values.description} onChange={set('description')} error={!!errors.description} helperText={errors.description} disabled={saving} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Start date" type="date" value={values.startDate} onChange={set('startDate')} error={!!errors.startDate} helperText={errors.startDate} disabled={saving} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1 }} />
              <TextField label="End date" type="date" value={values.endDate} onChange={set('endDate')} error={!!errors.endDate} helperText={errors.endDate} disabled={saving} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1 }} />
            </Stack>
            <AddressSearchField
              value={values.address}
              onChange={(address) => {
                setValues((v) => ({ ...v, address }));
                setErrors((x) => ({ ...x, address: undefined }));
              }}
              onPlace={(place) => setValues((v) => ({ ...v, ...placeValues(place, (name) => name in v) }))}
              error={errors.address}
              disabled={saving}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="City" value={values.city} onChange={set('city')} error={!!errors.city} helperText={errors.city} disabled={saving} sx={{ flex: 2 }} />
              <TextField label="State" value={values.state} onChange={set('state')} error={!!errors.state} helperText={errors.state} disabled={saving} sx={{ flex: 1 }} />
              <TextField select label="Country" value={values.country} onChange={set('country')} error={!!errors.country} helperText={errors.country} disabled={saving} sx={{ flex: 1 }}>
                <MenuItem value="">None</MenuItem>
                {countries().map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Typography variant="subtitle2" component="h2">
              Items
            </Typography>
            {projectId !== null ? (
              <BudgetItemQuantities projectId={projectId} picked={picked} onChange={setPicked} errors={itemErrors} disabled={saving} photos={false} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Choose the project to list its budget items.
              </Typography>
            )}
            {failure && (
              <Alert severity="error" onClose={() => setFailure(null)}>
                {failure}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving…' : task ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
