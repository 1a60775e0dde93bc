import { Controller, type Control } from 'react-hook-form';
import type { NamedRef } from '../../../resources/member';
import type { MemberFormValues } from './MemberFormDialog';
import { CategoryPicker, CrewPicker, MemberPicker, RolePicker } from './member-pickers';

type ListName = 'assignedToCrewsAsMember' | 'assignedToCrewsAsLeader' | 'newCrewMembers' | 'categories';

const PICKER = {
  assignedToCrewsAsMember: CrewPicker,
  assignedToCrewsAsLeader: CrewPicker,
  newCrewMembers: MemberPicker,
  categories: CategoryPicker,
} as const;

/** One of the dialog's id lists, bound to the form with the picker its kind needs. */
export function MemberListField({
  control,
  companyId,
  name,
  label,
  known,
}: {
  control: Control<MemberFormValues>;
  companyId: number;
  name: ListName;
  label: string;
  known?: NamedRef[];
}) {
  const Picker = PICKER[name];
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Picker companyId={companyId} label={label} value={field.value} onChange={field.onChange} known={known} error={fieldState.error?.message} />
      )}
    />
  );
}

export function MemberRoleField({ control, companyId, lockedRole }: { control: Control<MemberFormValues>; companyId: number; lockedRole?: string }) {
  return (
    <Controller
      name="roleId"
      control={control}
      render={({ field, fieldState }) => (
        <RolePicker companyId={companyId} value={field.value} onChange={field.onChange} error={fieldState.error?.message} lockedRole={lockedRole} />
      )}
    />
  );
}
