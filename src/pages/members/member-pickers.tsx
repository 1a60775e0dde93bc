import { TextField } from '@mui/material';
import { isRoleName, ROLE_LABELS } from '../../../permissions';
import type { NamedRef } from '../../../resources/member';
import { AssignableRolePicker } from '../../components/AssignableRolePicker';
import { MultiOptionPicker } from '../../components/MultiOptionPicker';

interface Props {
  companyId: number;
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  known?: NamedRef[];
  error?: string;
  helperText?: string;
}

/** The company's crews, searched on the server. */
export function CrewPicker({ companyId, ...props }: Props) {
  return <MultiOptionPicker path={`companies/${companyId}/memberships/options/crews`} {...props} />;
}

export function CategoryPicker({ companyId, ...props }: Props) {
  return <MultiOptionPicker path={`companies/${companyId}/memberships/options/categories`} {...props} />;
}

/** Other people of the company (declined invitations left out), for the new crew. */
export function MemberPicker({ companyId, ...props }: Props) {
  return (
    <MultiOptionPicker<NamedRef & { email?: string; role?: string; status?: string }>
      path={`companies/${companyId}/memberships/options/people`}
      describe={(m) => [m.email, m.role && roleLabel(m.role), m.status === 'invited' ? 'Invited' : null].filter(Boolean).join(' · ')}
      {...props}
    />
  );
}

/** 'ProjectManager' reads 'Project Manager'; a company's own roles keep their names. */
export const roleLabel = (name: string) => (isRoleName(name) ? ROLE_LABELS[name] : name);

/** Only the roles the company may hand out (never Owner); an Owner's own role is shown but not changeable. */
export function RolePicker({
  companyId,
  value,
  onChange,
  error,
  lockedRole,
}: {
  companyId: number;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  lockedRole?: string;
}) {
  if (lockedRole) {
    return <TextField label="Role" value={lockedRole} disabled fullWidth helperText="Only another Owner can change an Owner's role." />;
  }
  return <AssignableRolePicker companyId={companyId} value={value} onChange={onChange} error={error} />;
}
