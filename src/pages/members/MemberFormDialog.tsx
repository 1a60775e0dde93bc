import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useOne } from '@refinedev/core';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { createMemberBody, members, updateMemberBody, type MemberView } from '../../../resources/member';
import { useDialogSave } from '../../engine/useDialogSave';
import { useResource } from '../../engine/useResource';
import { CountryStateFields } from '../../forms/CountryStateFields';
import { FormTextField } from '../../forms/FormTextField';
import { MASKS } from '../../forms/masks';
import { LoadingView } from '../../shell/LoadingView';
import { MemberListField, MemberRoleField } from './member-form-fields';

export interface MemberFormValues {
  name: string;
  phone: string;
  email: string;
  country: string;
  state: string;
  roleId: number | null;
  assignedToCrewsAsMember: number[];
  assignedToCrewsAsLeader: number[];
  newCrewName: string;
  newCrewMembers: number[];
  categories: number[];
}

const EMPTY: MemberFormValues = {
  name: '',
  phone: '',
  email: '',
  country: 'US',
  state: '',
  roleId: null,
  assignedToCrewsAsMember: [],
  assignedToCrewsAsLeader: [],
  newCrewName: '',
  newCrewMembers: [],
  categories: [],
};
const FIELDS = Object.keys(EMPTY);
const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);

function valuesOf(m: MemberView): MemberFormValues {
  return {
    ...EMPTY,
    name: m.name,
    phone: m.phone ?? '',
    email: m.email,
    country: m.country ?? '',
    state: m.state ?? '',
    roleId: m.roleId,
    assignedToCrewsAsMember: ids(m.crewsAsMember),
    assignedToCrewsAsLeader: ids(m.crewsAsLeader),
    categories: ids(m.categories),
  };
}

/** New Member (an invitation by e-mail) and Edit Member: contact fields, role, crews, a new crew, categories. */
export function MemberFormDialog({ id, onClose }: { id?: string; onClose: (savedId?: string | number) => void }) {
  const { meta, companyId } = useResource(members);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const editing = id !== undefined;
  const { result: current, query } = useOne<MemberView>({ resource: members.name, id: id ?? '', meta, queryOptions: { enabled: editing }, errorNotification: false });
  const { control, handleSubmit, reset, setError, formState } = useForm<MemberFormValues>({
    // The server's own schema: the same rules, the same messages.
    resolver: zodResolver(editing ? updateMemberBody : createMemberBody) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });
  const country = useWatch({ control, name: 'country' });
  useEffect(() => {
    if (current) reset(valuesOf(current));
  }, [current, reset]);
  const { save, failure } = useDialogSave<MemberFormValues>({ def: members, meta, id, fields: FIELDS, setError, onSaved: onClose });
  const submit = handleSubmit(save);

  const ownerRole = current?.role === 'Owner' ? 'Owner' : undefined;
  const loading = editing && query.isLoading;
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="member-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="member-form-title">{editing ? 'Edit Member' : 'New Member'}</DialogTitle>
        <DialogContent>
          {loading ? (
            <LoadingView />
          ) : editing && (query.isError || !current) ? (
            <Alert severity="error">This member could not be loaded.</Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure && <Alert severity="error">{failure}</Alert>}
              {!editing && <Typography color="text.secondary">An invitation goes to this e-mail address with links to accept or decline.</Typography>}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <FormTextField control={control} name="name" label="Name" capitalize autoFocus />
                <FormTextField
                  control={control}
                  name="email"
                  label="Email"
                  type="email"
                  helperText={editing && current?.status === 'invited' ? 'A new address gets a new invitation.' : undefined}
                />
                <FormTextField control={control} name="phone" label="Phone" mask={MASKS.phone} placeholder={MASKS.phone} />
                <MemberRoleField control={control} companyId={companyId!} lockedRole={ownerRole} />
                <CountryStateFields control={control} country={country} />
              </Box>
              <Divider />
              <Typography variant="subtitle2">Crews</Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <MemberListField control={control} companyId={companyId!} name="assignedToCrewsAsMember" label="Member of crews" known={current?.crewsAsMember} />
                <MemberListField control={control} companyId={companyId!} name="assignedToCrewsAsLeader" label="Leader of crews" known={current?.crewsAsLeader} />
              </Box>
              <Typography variant="subtitle2">New crew</Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <FormTextField control={control} name="newCrewName" label="New crew name" capitalize helperText="Optional: creates a crew with this member in it." />
                <MemberListField control={control} companyId={companyId!} name="newCrewMembers" label="New crew members" />
              </Box>
              <Divider />
              <MemberListField control={control} companyId={companyId!} name="categories" label="Categories" known={current?.categories} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting || loading || (editing && !current)}>
            {editing ? 'Save' : 'Invite'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
