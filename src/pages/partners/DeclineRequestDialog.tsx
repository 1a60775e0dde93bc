import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ResourceDef } from '../../../resources/engine';
import { declineInvitationBody, type DeclineInvitationBody } from '../../../resources/partnership';
import type { ApiError } from '../../api/http';
import { FormTextField } from '../../forms/FormTextField';
import { useAnswerRequest } from './use-answer-request';

/** Declines a request with the reason the asking company will read. */
export function DeclineRequestDialog({ def, request, onClose }: { def: ResourceDef; request: { id: number; name: string }; onClose: (declined: boolean) => void }) {
  const { decline } = useAnswerRequest(def);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<DeclineInvitationBody>({
    resolver: zodResolver(declineInvitationBody),
    reValidateMode: 'onChange',
    defaultValues: { reason: '' },
  });
  const send = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await decline(request.id, body);
      onClose(true);
    } catch (err) {
      setFailure((err as ApiError).message);
    }
  });
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="decline-request-title">
      <form onSubmit={send} noValidate>
        <DialogTitle id="decline-request-title">Decline the request?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{request.name} will see that you declined, and why. Nothing of your company is shared with it.</DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <FormTextField control={control} name="reason" label="Reason" multiline minRows={3} autoFocus />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={formState.isSubmitting}>
            Decline
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
