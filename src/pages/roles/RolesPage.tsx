import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Alert, Box, Button, Card, Chip, IconButton, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { useState } from 'react';
import { useSession } from '../../session/useSession';
import { DeleteRoleDialog } from './DeleteRoleDialog';
import { summarize } from './permission-matrix';
import { RoleDialog, roleLabel } from './RoleDialog';
import { allRolesPath, isOwner, type Role } from './role-api';

/** The company's roles: the defaults (Owner read-only) and its own, each opened in the permission editor. */
export function RolesPage() {
  const { activeMembership } = useSession();
  const companyId = activeMembership?.companyId ?? 0;
  const { result, query } = useList<Role>({
    resource: 'roles',
    meta: { path: allRolesPath(companyId) },
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: 'id', order: 'asc' }],
    queryOptions: { enabled: !!companyId },
  });
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Box>
          <Typography variant="h5" component="h1">
            Roles
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What each role may see and change in {activeMembership?.company.name ?? 'this company'}.
          </Typography>
        </Box>
        <Box>
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            New Role
          </Button>
        </Box>
      </Stack>
      {query.isError && <Alert severity="error">The roles could not be loaded. {query.error?.message}</Alert>}
      <Card>
        {query.isLoading ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Stack>
        ) : !query.isError && result.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No roles yet.
          </Typography>
        ) : (
          <List disablePadding aria-label="Roles">
            {result.data.map((role) => (
              <RoleRow key={role.id} role={role} onOpen={() => setEditing(role)} onDelete={() => setDeleting(role)} />
            ))}
          </List>
        )}
      </Card>
      {editing && <RoleDialog role={editing === 'new' ? null : editing} companyId={companyId} onClose={() => setEditing(null)} />}
      {deleting && <DeleteRoleDialog role={deleting} companyId={companyId} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

function RoleRow({ role, onOpen, onDelete }: { role: Role; onOpen: () => void; onDelete: () => void }) {
  const owner = isOwner(role);
  return (
    <ListItem
      divider
      disablePadding
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={owner ? 'View' : 'Edit'}>
            <IconButton aria-label={`${owner ? 'View' : 'Edit'} ${role.name}`} onClick={onOpen}>
              {owner ? <VisibilityOutlined /> : <EditOutlined />}
            </IconButton>
          </Tooltip>
          {!role.isDefault && (
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${role.name}`} onClick={onDelete}>
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      }
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
    >
      <ListItemButton onClick={onOpen} sx={{ pr: role.isDefault ? 8 : 13 }}>
        <ListItemText
          primary={
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <span>{roleLabel(role)}</span>
              {role.isDefault && <Chip size="small" label="Default" variant="outlined" />}
              {owner && <Chip size="small" label="Read only" />}
              {!role.assignable && !owner && <Chip size="small" label="Not assignable" />}
            </Stack>
          }
          secondary={summarize(role.permissions)}
          slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
