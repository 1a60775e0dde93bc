import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Checkbox,
  InputAdornment,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotification, useOne } from '@refinedev/core';
import { useState } from 'react';
import { DATE_PRESET_LABELS, DATE_PRESETS, type Dashboard } from '../../../resources/dashboard';
import type { Project } from '../../../resources/project';
import type { ApiError } from '../../api/http';
import { ConfirmDialog } from '../productions/ProductionDialogs';
import { ProjectPicker } from '../productions/production-pickers';
import { CrewPicker } from '../members/member-pickers';
import type { DashboardPatch } from './dashboard-api';
import { publicLinkOf } from './dashboard-api';

export const REVOKE_QUESTION = 'The link stops working for good; making it public again gives a new link';

function ProjectChip({ id, onDelete }: { id: number; onDelete: () => void }) {
  const { result } = useOne<Project>({ resource: 'projects', id, meta: { path: '/projects', quiet: true }, errorNotification: false });
  return <Chip size="small" label={result ? `${result.code} · ${result.projectName}` : `Project #${id}`} onDelete={onDelete} />;
}

/**
 * The dashboard's public link (owner with projects:manage): publish it, copy the address, choose what
 * guests may change, or revoke it for good.
 */
export function PublicLinkDialog({ dashboard, companyId, onUpdate, onClose }: { dashboard: Dashboard; companyId: number; onUpdate: (patch: DashboardPatch) => Promise<unknown>; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { open: notify } = useNotification();
  const publication = dashboard.isPublic ? dashboard.publication : null;
  const [presets, setPresets] = useState<string[]>(publication?.publicFilters.presets ?? []);
  const [projectIds, setProjectIds] = useState<number[]>(publication?.publicFilters.projectIds ?? []);
  const [crewIds, setCrewIds] = useState<number[]>(publication?.publicFilters.crewIds ?? []);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);

  const run = async (patch: DashboardPatch) => {
    setBusy(true);
    setFailure(null);
    try {
      await onUpdate(patch);
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(publicLinkOf(publication!.publicURL));
      notify?.({ type: 'success', message: 'Link copied' });
    } catch {
      setFailure('The link could not be copied; select it and copy it yourself.');
    }
  };

  return (
    <>
      <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="public-link-title">
        <DialogTitle id="public-link-title">Public link</DialogTitle>
        <DialogContent>
          {!publication ? (
            <Stack spacing={2}>
              <DialogContentText>Anyone with the link sees this dashboard without signing in, with the widgets it has now. You choose which filters guests may change.</DialogContentText>
              <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={busy} onClick={() => void run({ isPublic: true })}>
                Make public
              </Button>
            </Stack>
          ) : (
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <TextField
                label="Link"
                value={publicLinkOf(publication.publicURL)}
                slotProps={{
                  htmlInput: { readOnly: true },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton aria-label="Copy link" onClick={() => void copy()} edge="end">
                          <ContentCopyIcon />
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Typography variant="body2" color="text.secondary">
                Published {new Date(publication.publishedAt).toLocaleString()}
                {publication.publishedBy ? ` by ${publication.publishedBy.name}` : ''}
              </Typography>
              <FormGroup>
                <FormLabel>Dates guests may pick</FormLabel>
                <Stack direction="row" useFlexGap flexWrap="wrap">
                  {DATE_PRESETS.map((p) => (
                    <FormControlLabel
                      key={p}
                      label={DATE_PRESET_LABELS[p]}
                      control={<Checkbox checked={presets.includes(p)} onChange={(e) => setPresets(e.target.checked ? [...presets, p] : presets.filter((x) => x !== p))} />}
                    />
                  ))}
                </Stack>
              </FormGroup>
              <Stack spacing={1}>
                <FormLabel>Projects guests may pick</FormLabel>
                <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                  {projectIds.map((id) => (
                    <ProjectChip key={id} id={id} onDelete={() => setProjectIds(projectIds.filter((x) => x !== id))} />
                  ))}
                </Stack>
                <ProjectPicker size="small" label="Add a project" value={null} onChange={(p) => p && !projectIds.includes(p.id) && setProjectIds([...projectIds, p.id])} />
              </Stack>
              <CrewPicker companyId={companyId} label="Crews guests may pick" value={crewIds} onChange={setCrewIds} />
              <Button
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
                disabled={busy}
                onClick={() => void run({ publicFilters: { presets, projectIds, crewIds } })}
              >
                Save guest filters
              </Button>
            </Stack>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {publication && (
            <Button color="error" onClick={() => setRevoking(true)} disabled={busy} sx={{ mr: 'auto' }}>
              Revoke
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      {revoking && <ConfirmDialog title="Revoke the public link?" question={REVOKE_QUESTION} confirmLabel="Revoke" danger onConfirm={() => onUpdate({ isPublic: false })} onClose={() => setRevoking(false)} />}
    </>
  );
}
