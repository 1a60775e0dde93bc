import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, DialogActions, DialogContent, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { invitePartnerBody, type InvitePartnerBody, type PartnerType } from '../../../resources/partnership';
import { FormTextField } from '../../forms/FormTextField';
import { useAddPartner } from './use-add-partner';

const FIELDS = ['name', 'contactName', 'contactEmail'] as const;

/** Invite a company that is not on Fieldwork yet, through its contact's e-mail. */
export function InviteTab({ type, onClose }: { type: PartnerType; onClose: (id?: number) => void }) {
  const { submit, failure } = useAddPartner(type, 'invite');
  const { control, handleSubmit, setError, formState } = useForm<InvitePartnerBody>({
    resolver: zodResolver(invitePartnerBody),
    reValidateMode: 'onChange',
    defaultValues: { name: '', contactName: '', contactEmail: '' },
  });
  const send = handleSubmit(async (values) => {
    const saved = await submit(values, setError, FIELDS);
    if (saved) onClose(saved.id);
  });
  return (
    <form onSubmit={send} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            The contact gets an e-mail with a link to accept or decline. Until then the {type} shows as invited.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField control={control} name="name" label="Company name" autoFocus />
          <FormTextField control={control} name="contactName" label="Contact name" capitalize />
          <FormTextField control={control} name="contactEmail" label="Contact email" type="email" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          Send invitation
        </Button>
      </DialogActions>
    </form>
  );
}
