import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { createProjectBody, projects, type CreateProjectInput } from '../../../resources/project';
import { useRevealed } from '../../components/useRevealed';
import { useDialogSave } from '../../engine/useDialogSave';
import { useResource } from '../../engine/useResource';
import { useCompanyTimeZone } from '../../session/useCompanyTimeZone';
import { emptyProject, PROJECT_FORM_FIELDS, type ProjectFormValues } from './project-form-values';
import { ProjectFields } from './ProjectFields';

/**
 * The new project dialog (spec 02 §2): every project field, checked with the server's own schema;
 * "Project Created", then the new project's page. With a parent it makes a sub-project of it.
 */
export function ProjectFormDialog({ onClose, parent }: { onClose: () => void; parent?: { id: number; projectName: string; timezone: string } }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { meta, companyId } = useResource(projects);
  const companyZone = useCompanyTimeZone();
  const form = useForm<ProjectFormValues, unknown, CreateProjectInput>({
    resolver: zodResolver(createProjectBody) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyProject(parent?.id ?? null, parent?.timezone ?? companyZone),
  });
  const { save, failure } = useDialogSave<ProjectFormValues>({
    def: projects,
    // Projects are listed at /projects but made in a company.
    meta: { ...meta, path: `/companies/${companyId}/projects` },
    fields: PROJECT_FORM_FIELDS,
    setError: form.setError,
    onSaved: (id) => navigate(`/projects/${id}`),
    // A code the company already uses is a 409 that belongs under the code.
    onRefused: (error) => error.statusCode === 409 && form.setError('code', { type: 'server', message: error.message }),
  });
  const showFailure = useRevealed<HTMLDivElement>(failure);
  const submit = form.handleSubmit((values) => save(values as unknown as ProjectFormValues));
  const title = parent ? `New sub-project of ${parent.projectName}` : 'New Project';

  return (
    <Dialog open onClose={() => !form.formState.isSubmitting && onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="project-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="project-form-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert ref={showFailure} severity="error">
                {failure}
              </Alert>
            )}
            {companyId !== null && <ProjectFields form={form} companyId={companyId} labels={{ clientName: null, parentName: parent?.projectName ?? null, marketName: null }} autoFocus />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
