import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Card, CardContent, CardHeader, IconButton, List, ListItem, ListItemText, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useInvalidate, useList, useNotification } from '@refinedev/core';
import { useState } from 'react';
import type { CrewCompany, Project } from '../../../../resources/project';
import { apiFetch, type ApiError } from '../../../api/http';
import { ConfirmDeleteDialog } from '../../../engine/ConfirmDeleteDialog';
import { PartnerPicker, type PartnerOption } from '../project-pickers';

/** Not the spec's (it names no message for crew companies): what the change did. */
export const CREW_COMPANY_MESSAGES = { added: 'Crew company added', removed: 'Crew company removed' } as const;

/** Subcontractor companies working on the project: they see it, read-only. Added from the company's subcontractor partners. */
export function CrewCompaniesSection({ project, canManage }: { project: Project; canManage: boolean }) {
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const { result, query } = useList<CrewCompany>({
    resource: 'project-crew-companies',
    meta: { path: `/projects/${project.id}/crew-companies` },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const [choice, setChoice] = useState<PartnerOption | null>(null);
  const [removing, setRemoving] = useState<CrewCompany | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const crews = result.data;
  const refresh = () =>
    Promise.all([
      invalidate({ resource: 'project-crew-companies', invalidates: ['list'] }),
      invalidate({ resource: 'project-overview', invalidates: ['detail'], id: project.id }),
    ]);

  const add = async () => {
    if (!choice) return setFailure('Choose a subcontractor');
    setBusy(true);
    setFailure(null);
    try {
      await apiFetch(`/projects/${project.id}/crew-companies`, { method: 'POST', body: { companyId: choice.id }, quiet: true });
      notify?.({ type: 'success', message: CREW_COMPANY_MESSAGES.added });
      setChoice(null);
      await refresh();
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Crew companies"
        subheader="Subcontractors working on this project. They see the project, without changing it."
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {canManage && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
              <Box sx={{ flex: 1 }}>
                <PartnerPicker
                  type="subcontractor"
                  label="Subcontractor"
                  value={choice}
                  onChange={setChoice}
                  disabled={busy}
                  exclude={new Set(crews.map((c) => c.companyId))}
                  helperText="One of your subcontractor partners"
                />
              </Box>
              <Button variant="outlined" startIcon={<Add />} onClick={add} disabled={busy || !choice} sx={{ mt: { sm: 1 }, flexShrink: 0 }}>
                Add
              </Button>
            </Stack>
          )}
          {query.isLoading ? (
            <Skeleton variant="rounded" height={80} />
          ) : query.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => query.refetch()}>
                  Try again
                </Button>
              }
            >
              The crew companies could not be loaded.
            </Alert>
          ) : crews.length === 0 ? (
            <Typography color="text.secondary">No subcontractor works on this project yet.</Typography>
          ) : (
            <List disablePadding aria-label="Crew companies">
              {crews.map((c) => (
                <ListItem
                  key={c.companyId}
                  divider
                  disableGutters
                  secondaryAction={
                    canManage && (
                      <Tooltip title="Remove from the project">
                        <IconButton aria-label={`Remove ${c.name}`} onClick={() => setRemoving(c)}>
                          <DeleteOutline />
                        </IconButton>
                      </Tooltip>
                    )
                  }
                >
                  <ListItemText
                    primary={c.name}
                    secondary={[c.contactName, c.contactEmail, `added ${new Date(c.addedAt).toLocaleDateString()}`].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
      {removing && (
        <ConfirmDeleteDialog
          wording={{ title: 'Remove the crew company?', text: `${removing.name} no longer works on this project and stops seeing it.`, confirm: 'Remove' }}
          onConfirm={async () => {
            await apiFetch(`/projects/${project.id}/crew-companies/${removing.companyId}`, { method: 'DELETE' });
            notify?.({ type: 'success', message: CREW_COMPANY_MESSAGES.removed });
            await refresh();
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}
