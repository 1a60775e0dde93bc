import DoneOutlined from '@mui/icons-material/DoneOutlined';
import { Alert, Box, Button, CircularProgress, IconButton, List, ListItem, ListItemButton, ListItemText, Tooltip, Typography } from '@mui/material';
import type { Notification } from '../../../resources/notification';
import { formatNotificationDate } from './notification-date';

export type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rows: Notification[]; total: number; more: boolean };

interface Props {
  state: ListState;
  onOpen: (n: Notification) => void;
  onMarkRead: (n: Notification) => void;
  onRetry: () => void;
  onMore: () => void;
}

/** The bell's list: loading, error and empty states, each notification with its date, unread ones marked. */
export function NotificationList({ state, onOpen, onMarkRead, onRetry, onMore }: Props) {
  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label="Loading notifications" />
      </Box>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        Could not load the notifications.
      </Alert>
    );
  }
  if (!state.rows.length) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 4, textAlign: 'center' }}>
        No notifications
      </Typography>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label="Notifications">
        {state.rows.map((n) => (
          <ListItem
            key={n.id}
            disablePadding
            divider
            data-testid="notification-item"
            data-unread={n.read ? undefined : 'true'}
            secondaryAction={
              n.read ? undefined : (
                <Tooltip title="Mark read">
                  <IconButton edge="end" aria-label={`Mark read: ${n.description}`} onClick={() => onMarkRead(n)} sx={{ width: 40, height: 40 }}>
                    <DoneOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )
            }
            sx={n.read ? undefined : { bgcolor: 'action.selected' }}
          >
            <ListItemButton onClick={() => onOpen(n)} sx={{ alignItems: 'flex-start', pr: n.read ? 2 : 7 }}>
              {!n.read && <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 1, mr: 1.25, flexShrink: 0 }} />}
              <ListItemText
                primary={
                  <>
                    {!n.read && (
                      <Box component="span" sx={visuallyHidden}>
                        Unread:{' '}
                      </Box>
                    )}
                    {n.description}
                  </>
                }
                secondary={formatNotificationDate(n.dateCreated)}
                slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600, overflowWrap: 'anywhere' } } }}
                sx={{ ml: n.read ? 2.25 : 0 }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {state.more && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button size="small" onClick={onMore}>
            Show more
          </Button>
        </Box>
      )}
    </>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
