import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { projects, updateProjectBody, type Project, type UpdateProjectInput } from '../../../../resources/project';
import { ConfirmDeleteDialog } from '../../../engine/ConfirmDeleteDialog';
import { useDialogSave } from '../../../engine/useDialogSave';
import { useResource } from '../../../engine/useResource';
import { countries } from '../../../reference/countries';
import { PROJECT_FORM_FIELDS, projectFormValues, type ProjectFormValues } from '../project-form-values';
import { ProjectFields } from '../ProjectFields';
import { formatDay, formatSpan, ProjectStatusChip, statusActions, type StatusAction } from '../project-status';
import { ProjectLocationCard } from '../../map/ProjectLocationCard';
import { StatusDialog } from './StatusDialog';

/** Label and value pairs as a definition list; empty values are left out. */
function Facts({ rows }: { rows: Array<[string, string | null | undefined]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1, m: 0 }}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

function ProjectFacts({ project }: { project: Project }) {
  const country = project.country ? (countries().find((c) => c.id === project.country)?.name ?? project.country) : null;
  return (
    <Facts
      rows={[
        ['Project name', project.projectName],
        ['Code', project.code],
        ['Run by', project.companyName],
        ['Project number', project.projectNumber],
        ['PO/WO number', project.powoNumber],
        ['Client', [project.clientName, project.clientEmail].filter(Boolean).join(' · ')],
        ['Parent project', project.parentName],
        ['Address', [project.address, project.city, project.state, country].filter(Boolean).join(', ')],
        ['Dates', formatSpan(project.startDate, project.endDate)],
        ['Time zone', project.timezone],
        ['Market', project.marketName],
        ['PDF scale factor', project.pdfScaleFactor],
        ['Single-part budget', yesNo(project.isSinglePart)],
        ['Task-based production', yesNo(project.taskBasedProduction)],
        ['Quantity required on PDF drawing', yesNo(project.requireQuantityOnPDFDraw)],
      ]}
    />
  );
}

/** Every field of the project, saved as a PATCH of the fields changed: "Project Saved". */
function ProjectSettingsForm({ project }: { project: Project }) {
  const { meta, companyId } = useResource(projects);
  const form = useForm<ProjectFormValues, unknown, UpdateProjectInput>({
    resolver: zodResolver(updateProjectBody) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: projectFormValues(project),
  });
  const { handleSubmit, reset, getValues, setError, formState } = form;
  // The saved project (or a status move) comes back; it shows once nothing here is unsaved.
  useEffect(() => {
    if (!formState.isDirty) reset(projectFormValues(project));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project]);
  const { save, failure } = useDialogSave<ProjectFormValues>({
    def: projects,
    meta,
    id: String(project.id),
    fields: PROJECT_FORM_FIELDS,
    setError,
    onSaved: () => reset(getValues()),
    onRefused: (error) => error.statusCode === 409 && setError('code', { type: 'server', message: error.message }),
  });
  // Only what changed is sent: a field nobody touched is never rewritten (nor refused for a partner since ended).
  const submit = handleSubmit((values) => {
    const dirty = formState.dirtyFields as Partial<Record<keyof ProjectFormValues, unknown>>;
    const changed = Object.fromEntries(Object.entries(values).filter(([k]) => dirty[k as keyof ProjectFormValues]));
    return save(changed as unknown as ProjectFormValues);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Project settings">
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {companyId !== null && (
          <ProjectFields form={form} companyId={companyId} projectId={project.id} labels={{ clientName: project.clientName, parentName: project.parentName, marketName: project.marketName }} />
        )}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={() => reset(projectFormValues(project))} disabled={!formState.isDirty || formState.isSubmitting}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
            Save
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

function StatusCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const [action, setAction] = useState<StatusAction | null>(null);
  const actions = canManage ? statusActions(project.status) : [];
  // A suspension stays on record after the project resumes; a shutdown keeps its reason.
  const suspended = project.status === 'suspended';
  const record: Array<[string, string | null]> =
    project.status === 'shutdown'
      ? [['Shutdown reason', project.suspendedShutdownReason]]
      : project.suspendStart
        ? [
            [suspended ? 'Suspended' : 'Last suspension', project.suspendEnd ? `${formatDay(project.suspendStart)} – ${formatDay(project.suspendEnd)}` : `Since ${formatDay(project.suspendStart)}`],
            ['Reason', project.suspendReason],
          ]
        : [];
  return (
    <Card>
      <CardHeader
        title={
          <Stack direction="row" spacing={1} alignItems="center" component="span">
            <span>Status</span>
            <ProjectStatusChip status={project.status} />
          </Stack>
        }
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          {record.length > 0 && <Facts rows={record} />}
          {actions.length > 0 ? (
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
              {actions.map((a) => (
                <Button key={a.to} variant={a.to === 'shutdown' ? 'text' : 'outlined'} color={a.to === 'shutdown' ? 'error' : 'primary'} onClick={() => setAction(a)}>
                  {a.label}
                </Button>
              ))}
            </Stack>
          ) : (
            project.status === 'shutdown' && <Typography color="text.secondary">A project that was shut down stays shut down.</Typography>
          )}
        </Stack>
      </CardContent>
      {action && <StatusDialog project={project} action={action} onClose={() => setAction(null)} />}
    </Card>
  );
}

/** The project's settings: every field (read-only without canManage), its status moves, and Delete. */
export function SettingsSection({ project, canManage }: { project: Project; canManage: boolean }) {
  const navigate = useNavigate();
  const { meta } = useResource(projects);
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack spacing={2}>
      <StatusCard project={project} canManage={canManage} />
      <Card>
        <CardHeader
          title="Project details"
          subheader={canManage ? undefined : 'Only people who manage the project in the company running it can change it.'}
          slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        />
        <CardContent sx={{ pt: 0 }}>{canManage ? <ProjectSettingsForm project={project} /> : <ProjectFacts project={project} />}</CardContent>
      </Card>
      <ProjectLocationCard project={project} canManage={canManage} />
      {canManage && (
        <Card>
          <CardHeader title="Delete project" slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between">
              <Typography color="text.secondary">The project goes with its budget, stations, crew companies, project roles and its folder with every file in it. A project with sub-projects, or whose budget was submitted for review, is kept.</Typography>
              <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)} sx={{ flexShrink: 0 }}>
                Delete project
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      {deleting && (
        <ConfirmDeleteDialog def={projects} meta={meta} row={project as unknown as Record<string, unknown>} onClose={(deleted) => (deleted ? navigate('/projects') : setDeleting(false))} />
      )}
    </Stack>
  );
}
