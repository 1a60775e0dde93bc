import { Button, Snackbar } from '@mui/material';
import { useState } from 'react';
import type { ChatMessageEvent } from '../../../resources/chat';
import { SOCKET_EVENTS } from '../../../resources/realtime';
import { useSocketEvent } from '../../realtime';
import { useSession } from '../../session/useSession';
import { useShellPanels } from '../panels';
import { useQuickSettings } from '../quick-settings';
import { openChatWith } from './chat-target';
import { playChime } from './chime';
import { useDoNotDisturb } from './own-status';

/** How long a chat pop-up stays, as the notification toasts (spec 02 §9: 6000 ms). */
const POPUP_MS = 6000;

/**
 * What the quick settings promise: a chime on a new notification or chat message ("Sound on new
 * notification") and a pop-up for a chat message while the chat is closed ("Chat message pop-ups").
 * Do not disturb silences both.
 */
export function ChatAlerts() {
  const { user, activeMembership } = useSession();
  const meId = user?.id ?? null;
  const settings = useQuickSettings();
  const panels = useShellPanels();
  const doNotDisturb = useDoNotDisturb(meId);
  const [popup, setPopup] = useState<ChatMessageEvent | null>(null);

  useSocketEvent<ChatMessageEvent>(SOCKET_EVENTS.chatMessage, (e) => {
    if (e.who === meId || e.companyId !== activeMembership?.companyId) return;
    if (!settings.notificationSound && !(settings.chatPopups && panels.open !== 'chat')) return;
    void doNotDisturb().then((quiet) => {
      if (quiet) return;
      if (settings.notificationSound) playChime();
      if (settings.chatPopups && panels.open !== 'chat') setPopup(e);
    });
  });
  useSocketEvent(SOCKET_EVENTS.notification, () => {
    if (settings.notificationSound) void doNotDisturb().then((quiet) => quiet || playChime());
  });

  const text = popup ? `${popup.senderName}: ${popup.message.length > 120 ? `${popup.message.slice(0, 117)}…` : popup.message}` : '';
  return (
    <Snackbar
      open={popup !== null}
      autoHideDuration={POPUP_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && setPopup(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      message={text}
      action={
        <Button
          color="secondary"
          size="small"
          onClick={() => {
            if (popup) openChatWith(popup.who);
            setPopup(null);
            panels.show('chat');
          }}
        >
          Open
        </Button>
      }
    />
  );
}
