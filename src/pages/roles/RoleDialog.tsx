import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useCreate, useInvalidateAuthStore, useUpdate } from '@refinedev/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ROLE_LABELS, isRoleName, type RolePermission } from '../../../permissions';
import { createRoleBody } from '../../../resources/role';
import type { ApiError } from '../../api/http';
import { useSession } from '../../session/useSession';
import { PermissionMatrix } from './PermissionMatrix';
import { ROLE_MESSAGES, isOwner, rolesMeta, type Role } from './role-api';

interface Values {
  name: string;
  permissions: RolePermission[];
}

export const roleLabel = (role: Pick<Role, 'isDefault' | 'name'>) => (role.isDefault && isRoleName(role.name) ? ROLE_LABELS[role.name] : role.name);

/**
 * New or edit role: a custom role's name and any role's permissions. Default roles keep their names;
 * the Owner role is shown read-only.
 */
export function RoleDialog({ role, companyId, onClose }: { role: Role | null; companyId: number; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const readOnly = !!role && isOwner(role);
  const nameLocked = !!role?.isDefault;
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    // The server's own schema: the same rules, the same messages.
    resolver: zodResolver(createRoleBody) as never,
    defaultValues: { name: role?.name ?? '', permissions: role?.permissions ?? [] },
  });
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { activeMembership } = useSession();
  const refreshSession = useInvalidateAuthStore();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async ({ name, permissions }) => {
    setFailure(null);
    const common = { resource: 'roles', meta: { ...rolesMeta(companyId), quiet: true }, errorNotification: false as const };
    try {
      if (role) {
        await update({ ...common, id: role.id, values: nameLocked ? { permissions } : { name, permissions }, successNotification: { message: ROLE_MESSAGES.saved, type: 'success' } });
        // Editing one's own role changes what the navigation may show right away.
        if (role.id === activeMembership?.roleId) await refreshSession();
      } else {
        await create({ ...common, values: { name, permissions }, successNotification: { message: ROLE_MESSAGES.created, type: 'success' } });
      }
      onClose();
    } catch (err) {
      const apiError = err as ApiError;
      for (const d of apiError.details ?? []) if (d.field === 'name') setError('name', { message: d.message });
      if (apiError.code === 'ROLE_NAME_TAKEN') setError('name', { message: apiError.message });
      setFailure(apiError.message);
    }
  });

  const title = role ? (readOnly ? roleLabel(role) : `Edit ${roleLabel(role)}`) : 'New Role';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="role-form-title" scroll="paper">
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id="role-form-title">
          {title}
          {readOnly && <Chip size="small" label="Read only" sx={{ ml: 1 }} />}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {readOnly && <Alert severity="info">The Owner role holds every permission and cannot be changed.</Alert>}
            {failure && <Alert severity="error">{failure}</Alert>}
            <Controller
              name="name"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  label="Role name"
                  fullWidth
                  autoFocus={!role}
                  disabled={nameLocked}
                  name={field.name}
                  inputRef={field.ref}
                  value={nameLocked && role ? roleLabel(role) : field.value}
                  onBlur={field.onBlur}
                  onChange={field.onChange}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? (nameLocked ? 'Default roles keep their names.' : undefined)}
                />
              )}
            />
            <Controller
              name="permissions"
              control={control}
              render={({ field }) => <PermissionMatrix value={field.value} onChange={field.onChange} readOnly={readOnly} />}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              {role ? 'Save' : 'Create'}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
