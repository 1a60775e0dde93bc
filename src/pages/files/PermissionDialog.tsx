import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import {
  FILE_MESSAGES,
  PERMISSION_LEVEL_LABELS,
  PERMISSION_LEVELS,
  type NodeAccess,
  type PermissionLevel,
  type PermissionSubject,
} from '../../../resources/files';
import { apiFetch } from '../../api/http';
import { setPermission, type Node } from './files-api';

interface Option {
  id: number;
  name: string;
}

const SEARCH_DELAY_MS = 250;

/** Roles of the company, or its members matching what was typed (the member dialogs' people list). */
function useSubjectOptions(companyId: number, subjectType: PermissionSubject, typed: string) {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        const q = typed.trim() ? `&q=${encodeURIComponent(typed.trim())}` : '';
        const path =
          subjectType === 'role'
            ? `/roles/company/${companyId}/all?_start=0&_end=100&_sort=name&_order=asc`
            : `/companies/${companyId}/memberships/options/people?_start=0&_end=25&_sort=name&_order=asc${q}`;
        apiFetch<Option[]>(path, { quiet: true })
          .then(({ data }) => live && setOptions(data.map((o) => ({ id: o.id, name: o.name }))))
          .catch(() => live && setOptions([]));
      },
      subjectType === 'role' ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [companyId, subjectType, typed]);
  return options;
}

/** Who may view or manage a folder or file: its own grants, or the parent's it inherits (spec 01 §7). */
export function PermissionDialog({ node, companyId, onClose }: { node: Node; companyId: number; onClose: (changed: boolean) => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [access, setAccess] = useState<NodeAccess>(node.item);
  const [changed, setChanged] = useState(false);
  const [subjectType, setSubjectType] = useState<PermissionSubject>('role');
  const [subject, setSubject] = useState<Option | null>(null);
  const [typed, setTyped] = useState('');
  const [level, setLevel] = useState<PermissionLevel>('view');
  const [busy, setBusy] = useState(false);
  const { open: notify } = useNotification();
  const options = useSubjectOptions(companyId, subjectType, typed);
  const success = node.kind === 'folder' ? FILE_MESSAGES.folderUpdated : FILE_MESSAGES.fileUpdated;

  const send = async (body: Parameters<typeof setPermission>[1]) => {
    setBusy(true);
    try {
      const answer = await setPermission(node, body);
      setAccess({ permissions: answer.permissions, inheritedFrom: answer.inheritedFrom, canManage: answer.canManage });
      setChanged(true);
      notify?.({ type: 'success', message: success });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!subject) return;
    if (await send({ action: 'add', permission: { subjectType, subjectId: subject.id, level } })) setSubject(null);
  };

  return (
    <Dialog open fullScreen={fullScreen} fullWidth maxWidth="sm" onClose={() => onClose(changed)} aria-labelledby="permission-title">
      <DialogTitle id="permission-title">Permissions: {node.item.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {access.permissions.length === 0 ? (
            <Alert severity="info">
              {access.inheritedFrom
                ? `Inherited from “${access.inheritedFrom.name}”: whoever may see that folder may see this ${node.kind}.`
                : `Not restricted: everyone in the company who may open files may see this ${node.kind}.`}
            </Alert>
          ) : (
            <List dense aria-label="Grants" disablePadding>
              {access.permissions.map((p) => (
                <ListItem
                  key={`${p.subjectType}:${p.subjectId}`}
                  divider
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${p.subjectName}`}
                      disabled={busy}
                      onClick={() => send({ action: 'remove', permission: { subjectType: p.subjectType, subjectId: p.subjectId, level: p.level } })}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={p.subjectName} secondary={`${p.subjectType === 'role' ? 'Role' : 'Member'} · ${PERMISSION_LEVEL_LABELS[p.level]}`} />
                </ListItem>
              ))}
            </List>
          )}
          {access.permissions.length > 0 && !(node.kind === 'folder' && node.item.isRoot) && (
            <Box>
              <Button size="small" disabled={busy} onClick={() => send({ action: 'inherit' })}>
                Inherit from parent
              </Button>
              <Typography variant="caption" color="text.secondary" component="div">
                Drops the grants above, so the parent folder’s apply again.
              </Typography>
            </Box>
          )}
          <Typography variant="subtitle2">Add</Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={subjectType}
            onChange={(_e, v: PermissionSubject | null) => {
              if (!v) return;
              setSubjectType(v);
              setSubject(null);
              setTyped('');
            }}
            aria-label="Grant to"
          >
            <ToggleButton value="role">Role</ToggleButton>
            <ToggleButton value="member">Member</ToggleButton>
          </ToggleButtonGroup>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Autocomplete
              sx={{ flex: 1 }}
              options={options}
              value={subject}
              onChange={(_e, v) => setSubject(v)}
              inputValue={typed}
              onInputChange={(_e, v, reason) => reason !== 'reset' && setTyped(v)}
              filterOptions={subjectType === 'role' ? undefined : (o) => o}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={subjectType === 'role' ? 'No roles' : 'No members match'}
              renderInput={(params) => <TextField {...params} label={subjectType === 'role' ? 'Role' : 'Member'} />}
            />
            <TextField select label="Access" value={level} onChange={(e) => setLevel(e.target.value as PermissionLevel)} sx={{ minWidth: 150 }}>
              {PERMISSION_LEVELS.map((l) => (
                <MenuItem key={l} value={l}>
                  {PERMISSION_LEVEL_LABELS[l]}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={add} disabled={!subject || busy}>
              Add
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(changed)}>{changed ? 'Done' : 'Close'}</Button>
      </DialogActions>
    </Dialog>
  );
}
