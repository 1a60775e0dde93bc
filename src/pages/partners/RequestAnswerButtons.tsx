import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import type { ResourceDef } from '../../../resources/engine';
import { DeclineRequestDialog } from './DeclineRequestDialog';
import { useAnswerRequest } from './use-answer-request';

/** Accept and Decline for a request made to the active company (the caller checks that it may answer). */
export function RequestAnswerButtons({ def, request }: { def: ResourceDef; request: { id: number; name: string } }) {
  const { accept } = useAnswerRequest(def);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const accepting = async () => {
    setBusy(true);
    // A refusal reaches the error dialog; the buttons come back either way.
    await accept(request.id).catch(() => undefined);
    setBusy(false);
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="contained" onClick={accepting} disabled={busy} aria-label={`Accept ${request.name}`}>
        Accept
      </Button>
      <Button color="error" onClick={() => setDeclining(true)} disabled={busy} aria-label={`Decline ${request.name}`}>
        Decline
      </Button>
      {declining && <DeclineRequestDialog def={def} request={request} onClose={() => setDeclining(false)} />}
    </Stack>
  );
}
