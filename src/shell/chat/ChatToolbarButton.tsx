import ChatOutlined from '@mui/icons-material/ChatOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import type { ChatMessageEvent } from '../../../resources/chat';
import { SOCKET_EVENTS } from '../../../resources/realtime';
import { useSocketEvent } from '../../realtime';
import { useSession } from '../../session/useSession';
import { useShellPanels } from '../panels';
import { fetchChatList } from './chat-api';

/**
 * The toolbar's team chat button with the unread count of the active company's chats: read on load,
 * in another company and whenever the panel closes, counted up as messages arrive while it is closed.
 */
export function ChatToolbarButton() {
  const panels = useShellPanels();
  const open = panels.open === 'chat';
  const { user, activeMembership } = useSession();
  const companyId = activeMembership?.companyId ?? null;
  const [unread, setUnread] = useState(0);

  useEffect(() => {
    if (open || companyId === null) return;
    const abort = new AbortController();
    fetchChatList(abort.signal)
      .then((chats) => setUnread(chats.reduce((n, c) => n + c.unread, 0)))
      .catch(() => undefined);
    return () => abort.abort();
  }, [open, companyId]);

  useSocketEvent<ChatMessageEvent>(SOCKET_EVENTS.chatMessage, (e) => {
    if (!open && e.companyId === companyId && e.who !== user?.id) setUnread((n) => n + 1);
  });

  if (companyId === null) return null;
  const label = unread ? `Team chat, ${unread} unread` : 'Team chat';
  return (
    <Tooltip title="Team chat (Alt+C)">
      <IconButton
        aria-label={label}
        aria-keyshortcuts="Alt+C"
        aria-expanded={open}
        onClick={() => panels.toggle('chat')}
        data-tour="chat"
        sx={{ display: { xs: 'none', sm: 'inline-flex' }, color: 'inherit', width: 40, height: 40 }}
      >
        <Badge badgeContent={open ? 0 : unread} color="error" max={99}>
          <ChatOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
