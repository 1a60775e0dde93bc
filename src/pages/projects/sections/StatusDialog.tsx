import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useUpdate } from '@refinedev/core';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { PROJECT_MESSAGES, PROJECT_SUCCESS, projects, utcDate, type Project } from '../../../../resources/project';
import { text } from '../../../../resources/text';
import type { ApiError } from '../../../api/http';
import { useResource } from '../../../engine/useResource';
import { FormTextField } from '../../../forms/FormTextField';
import type { StatusAction } from '../project-status';

const reason = text().trim().min(1, PROJECT_MESSAGES.reason).max(1000, 'At most 1000 characters');

/** What the suspend and shut-down dialogs ask; the server checks the same again (updateProjectBody). */
const ASKED = {
  suspension: z
    .object({
      suspendStart: text().min(1, PROJECT_MESSAGES.suspendStart).pipe(utcDate),
      suspendEnd: z.union([z.literal('').transform(() => null), utcDate]),
      suspendReason: reason,
    })
    .refine((v) => !v.suspendEnd || v.suspendEnd >= v.suspendStart, { message: 'Suspension end must be on or after its start', path: ['suspendEnd'] }),
  resumption: z.object({ suspendEnd: z.union([z.literal('').transform(() => undefined), utcDate]) }),
  shutdown: z.object({ suspendedShutdownReason: reason }),
  nothing: z.object({}),
} as const;

interface Values {
  suspendStart: string;
  suspendEnd: string;
  suspendReason: string;
  suspendedShutdownReason: string;
}
const FIELDS = ['suspendStart', 'suspendEnd', 'suspendReason', 'suspendedShutdownReason'] as const;

/** Today in the project's time zone, the default start of a suspension. */
function today(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

/**
 * Confirms a status move (PATCH /projects/{id} with status): a suspension takes its start, optional
 * end and reason, a resumption the day the suspension ended (optional), a shutdown its reason. An
 * illegal move (another tab moved it meanwhile) is the server's 409, shown here.
 */
export function StatusDialog({ project, action, onClose }: { project: Project; action: StatusAction; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { meta } = useResource(projects);
  const { mutateAsync: update } = useUpdate();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(ASKED[action.asks]) as never,
    defaultValues: { suspendStart: today(project.timezone), suspendEnd: action.asks === 'resumption' ? today(project.timezone) : '', suspendReason: '', suspendedShutdownReason: '' },
  });

  // The resolver hands over only what this move asks, as the schema made it (a null end when none was given).
  const submit = handleSubmit(async (asked) => {
    setFailure(null);
    const values = { status: action.to, ...(asked as Partial<Values>) };
    try {
      await update({
        resource: projects.name,
        id: project.id,
        values,
        meta: { ...meta, quiet: true },
        successNotification: { message: PROJECT_SUCCESS.saved, type: 'success' },
        errorNotification: false,
      });
      onClose();
    } catch (err) {
      const apiError = err as ApiError;
      for (const d of apiError.details ?? []) {
        if ((FIELDS as readonly string[]).includes(d.field)) setError(d.field as Path<Values>, { type: 'server', message: d.message });
      }
      setFailure(apiError.message);
    }
  });

  return (
    <Dialog open onClose={() => !formState.isSubmitting && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen && action.asks !== 'nothing'} aria-labelledby="status-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="status-dialog-title">{`${action.label} project`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <DialogContentText>{action.question}</DialogContentText>
            {action.asks === 'suspension' && (
              <>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField control={control} name="suspendStart" label="Suspended from" type="date" required slotProps={{ inputLabel: { shrink: true } }} />
                  <FormTextField
                    control={control}
                    name="suspendEnd"
                    label="Until (optional)"
                    type="date"
                    helperText="Leave empty when the end is not known"
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Stack>
                <FormTextField control={control} name="suspendReason" label="Reason" required multiline minRows={3} />
              </>
            )}
            {action.asks === 'resumption' && (
              <FormTextField
                control={control}
                name="suspendEnd"
                label="Suspension ended on (optional)"
                type="date"
                helperText="Recorded with the suspension; leave empty to keep it open-ended"
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            {action.asks === 'shutdown' && <FormTextField control={control} name="suspendedShutdownReason" label="Reason" required multiline minRows={3} autoFocus />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={action.to === 'shutdown' ? 'error' : 'primary'} disabled={formState.isSubmitting} autoFocus={action.asks === 'nothing'}>
            {action.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
