import Search from '@mui/icons-material/Search';
import { Alert, Box, Button, Chip, CircularProgress, InputAdornment, List, ListItemAvatar, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import { CHAT_STATUS_LABELS, type ChatContact } from '../../../resources/chat';
import type { ApiError } from '../../api/http';
import { PresenceAvatar } from './PresenceAvatar';

interface Props {
  contacts: ChatContact[];
  total: number;
  loading: boolean;
  error: ApiError | null;
  q: string;
  onSearch: (q: string) => void;
  onRetry: () => void;
  onOpen: (contact: ChatContact) => void;
  /** The contact whose conversation was just left: focus returns to it. */
  focusId?: number | null;
}

/** The active company's people: picture with presence, name, status and unread count. */
export function ContactList({ contacts, total, loading, error, q, onSearch, onRetry, onOpen, focusId = null }: Props) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box sx={{ px: 2, pt: 2 }}>
        <TextField
          size="small"
          fullWidth
          label="Search people"
          value={q}
          onChange={(e) => onSearch(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
      </Box>
      {error ? (
        <Alert severity="error" sx={{ m: 2 }} action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>}>
          The contacts could not be loaded: {error.message}
        </Alert>
      ) : loading && contacts.length === 0 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label="Loading contacts" />
        </Box>
      ) : contacts.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {q.trim() ? `No one here is named like "${q.trim()}".` : 'No one else in this company has an account yet. Invite members to chat with them.'}
        </Typography>
      ) : (
        <List aria-label="Contacts" sx={{ overflowY: 'auto', flex: 1 }}>
          {contacts.map((c) => (
            <ListItemButton key={c.id} autoFocus={c.id === focusId} onClick={() => onOpen(c)} aria-label={`${c.name}, ${CHAT_STATUS_LABELS[c.status]}${c.unread ? `, ${c.unread} unread` : ''}`}>
              <ListItemAvatar>
                <PresenceAvatar name={c.name} avatar={c.avatar} status={c.status} />
              </ListItemAvatar>
              <ListItemText primary={c.name} secondary={CHAT_STATUS_LABELS[c.status]} slotProps={{ primary: { noWrap: true, fontWeight: c.unread ? 600 : undefined } }} />
              {c.unread > 0 && <Chip size="small" color="primary" label={c.unread > 99 ? '99+' : c.unread} data-testid="unread-count" />}
            </ListItemButton>
          ))}
          {total > contacts.length && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
              {total - contacts.length} more: search for a name.
            </Typography>
          )}
        </List>
      )}
    </Box>
  );
}
