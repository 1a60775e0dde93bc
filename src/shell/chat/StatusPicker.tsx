import { Box, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { CHOSEN_CHAT_STATUSES, type ChosenChatStatus, type PresenceEvent } from '../../../resources/chat';
import { SOCKET_EVENTS } from '../../../resources/realtime';
import { useSocketEvent } from '../../realtime';
import { fetchChatStatus, saveChatStatus } from './chat-api';

const dot = (color: string) => <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: color, mr: 1, flexShrink: 0 }} />;

/** The user's own presence: online, do not disturb or away (others see offline while no tab is open). */
export function StatusPicker({ meId }: { meId: number }) {
  const [status, setStatus] = useState<ChosenChatStatus | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    fetchChatStatus(abort.signal)
      .then((s) => setStatus(s.chosen))
      .catch(() => setStatus((s) => s ?? 'online'));
    return () => abort.abort();
  }, []);

  // Changed in another tab: the choice follows.
  useSocketEvent<PresenceEvent>(SOCKET_EVENTS.presence, (e) => {
    if (e.userId === meId && e.status !== 'offline') setStatus(e.status);
  });

  const choose = async (next: ChosenChatStatus) => {
    const before = status;
    setStatus(next);
    setFailed(false);
    try {
      await saveChatStatus(next);
    } catch {
      setStatus(before);
      setFailed(true);
    }
  };

  return (
    <TextField
      select
      size="small"
      label="My status"
      value={status ?? ''}
      disabled={status === null}
      onChange={(e) => void choose(e.target.value as ChosenChatStatus)}
      error={failed}
      helperText={failed ? 'Your status could not be saved. Try again.' : undefined}
      sx={{ minWidth: 170 }}
      slotProps={{ select: { renderValue: (v) => { const s = CHOSEN_CHAT_STATUSES.find((x) => x.value === v); return s ? <Box sx={{ display: 'flex', alignItems: 'center' }}>{dot(s.color)}{s.label}</Box> : ''; } } }}
    >
      {CHOSEN_CHAT_STATUSES.map((s) => (
        <MenuItem key={s.value} value={s.value}>
          {dot(s.color)}
          {s.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
