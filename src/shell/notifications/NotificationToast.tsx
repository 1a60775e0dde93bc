import Close from '@mui/icons-material/Close';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Box, Button, ButtonBase, IconButton, Snackbar, SnackbarContent } from '@mui/material';
import type { Notification } from '../../../resources/notification';

/** Spec 02 §9: a notification's toast hides itself after 6000 ms, at the top centre. */
export const NOTIFICATION_TOAST_MS = 6000;

/** A new notification as it arrives; clicking it opens what it is about, as in the bell's list. */
export function NotificationToast({ notification, onOpen, onClose }: { notification: Notification | null; onOpen: (n: Notification) => void; onClose: () => void }) {
  return (
    <Snackbar
      // A new notification restarts the timer.
      key={notification?.id}
      open={notification !== null}
      autoHideDuration={NOTIFICATION_TOAST_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
    >
      <SnackbarContent
        data-testid="notification-toast"
        sx={{ flexWrap: 'nowrap', maxWidth: { xs: 'calc(100vw - 16px)', sm: 560 } }}
        message={
          <ButtonBase tabIndex={-1} onClick={() => notification && onOpen(notification)} sx={{ textAlign: 'left', font: 'inherit', color: 'inherit', display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <NotificationsOutlined fontSize="small" aria-hidden />
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {notification?.description}
            </Box>
          </ButtonBase>
        }
        action={
          <>
            <Button color="secondary" size="small" onClick={() => notification && onOpen(notification)}>
              Open
            </Button>
            <IconButton aria-label="Close" color="inherit" onClick={onClose} sx={{ width: 40, height: 40 }}>
              <Close fontSize="small" />
            </IconButton>
          </>
        }
      />
    </Snackbar>
  );
}
