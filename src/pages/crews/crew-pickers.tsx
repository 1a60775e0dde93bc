import { Box } from '@mui/material';
import { ROLE_LABELS, isRoleName } from '../../../permissions';
import type { CrewCategoryOption, CrewPersonOption } from '../../../resources/crew';
import { MultiOptionPicker } from '../../components/MultiOptionPicker';

interface Props<T> {
  label?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  known?: T[];
  error?: string;
  helperText?: string;
}

export const roleLabelOf = (name: string) => (isRoleName(name) ? ROLE_LABELS[name] : name);

const describePerson = (p: CrewPersonOption) => [p.email, roleLabelOf(p.roleName), p.status === 'invited' ? 'Invited' : null].filter(Boolean).join(' · ');

/** Accepted and invited members of the active company, searched by name or e-mail. */
export function PeoplePicker({ label = 'Members', ...props }: Props<CrewPersonOption>) {
  return <MultiOptionPicker<CrewPersonOption> label={label} path="crews/member-options" describe={describePerson} {...props} />;
}

export function ColorSwatch({ color }: { color: string | null }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', flex: 'none', width: 12, height: 12, ml: 0.5, borderRadius: 0.5, border: '1px solid rgba(0,0,0,.2)', bgcolor: color ?? 'transparent' }}
    />
  );
}

/** The company's item categories the crew works on. */
export function CategoryPicker({ label = 'Categories', ...props }: Props<CrewCategoryOption>) {
  return (
    <MultiOptionPicker<CrewCategoryOption>
      label={label}
      path="crews/category-options"
      adornment={(c) => <ColorSwatch color={c.color} />}
      {...props}
    />
  );
}
