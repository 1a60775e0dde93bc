import { MenuItem, TextField } from '@mui/material';
import { useList } from '@refinedev/core';
import { ROLE_LABELS, isRoleName } from '../../permissions';
import type { RoleView } from '../../resources/role';

interface Props {
  companyId: number;
  /** Picks among this project's own roles (GET /roles/project/{id}/assignable) instead of the company's. */
  projectId?: number;
  value: number | null;
  onChange: (roleId: number | null) => void;
  error?: string;
  label?: string;
  disabled?: boolean;
}

const labelOf = (role: RoleView) => (role.isDefault && isRoleName(role.name) ? ROLE_LABELS[role.name] : role.name);

/** Picks one of the roles a member may be given (GET .../assignable): never the Owner role. */
export function AssignableRolePicker({ companyId, projectId, value, onChange, error, label = 'Role', disabled }: Props) {
  const { result, query } = useList<RoleView>({
    resource: 'roles',
    meta: { path: projectId === undefined ? `roles/company/${companyId}/assignable` : `roles/project/${projectId}/assignable`, quiet: true },
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: 'id', order: 'asc' }],
    errorNotification: false,
  });
  const roles = result.data;
  // A value not (yet) among the options would make the select warn; show it empty until it loads.
  const current = value !== null && roles.some((r) => r.id === value) ? value : '';
  const problem = error ?? (query.isError ? 'The roles could not be loaded' : undefined);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={current}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      error={!!problem}
      helperText={problem ?? (query.isLoading ? 'Loading roles…' : undefined)}
    >
      {roles.map((role) => (
        <MenuItem key={role.id} value={role.id}>
          {labelOf(role)}
        </MenuItem>
      ))}
    </TextField>
  );
}
