import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, Box, Button, Divider, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_PAGE, notificationLink, type Notification, type NotificationEvent } from '../../../resources/notification';
import { SOCKET_EVENTS, type NotificationsReadEvent } from '../../../resources/realtime';
import { useSocketEvent } from '../../realtime';
import { useSession } from '../../session/useSession';
import { fetchNotifications, fetchUnreadCount, markNotificationRead } from './notification-api';
import { NotificationList, type ListState } from './NotificationList';
import { NotificationToast } from './NotificationToast';

/**
 * The toolbar's bell: the unread count of the active company's membership (read on load and in
 * another company, counted up live from the socket), the list (opening it marks them all read on
 * the server, spec 02 §7; each shows as it was), one marked read, and a toast for a new one. A
 * notification for one of the user's other companies waits in that company's bell (docs/decisions.md).
 */
export function NotificationsMenu() {
  const { activeMembership } = useSession();
  const memberId = activeMembership?.id ?? null;
  const navigate = useNavigate();
  const [unread, setUnread] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [toast, setToast] = useState<NotificationEvent | null>(null);
  const request = useRef<AbortController | null>(null);

  const refreshCount = useCallback(
    (signal?: AbortSignal) => {
      if (memberId === null) return;
      fetchUnreadCount(memberId, signal)
        .then(setUnread)
        .catch(() => undefined);
    },
    [memberId],
  );

  useEffect(() => {
    setUnread(0);
    const abort = new AbortController();
    refreshCount(abort.signal);
    return () => abort.abort();
  }, [refreshCount]);

  /**
   * Reads a page of notifications; the server marks every one read as it answers. 'first' shows the
   * newest as they were, 'more' appends older ones, 'all' reloads what is shown as read.
   */
  const load = useCallback(
    (mode: 'first' | 'more' | 'all', shown = 0) => {
      if (memberId === null) return;
      request.current?.abort();
      const abort = (request.current = new AbortController());
      if (mode === 'first') setList({ status: 'loading' });
      const [start, end] = mode === 'more' ? [shown, shown + NOTIFICATION_PAGE] : [0, Math.max(shown, NOTIFICATION_PAGE)];
      fetchNotifications(memberId, start, end, abort.signal)
        .then(({ rows, total }) => {
          setList((prev) => {
            const kept = mode === 'more' && prev.status === 'ready' ? prev.rows : [];
            const fresh = rows.filter((r) => !kept.some((k) => k.id === r.id)).map((r) => (mode === 'all' ? { ...r, read: true } : r));
            const all = [...kept, ...fresh];
            return { status: 'ready', rows: all, total, more: all.length < total };
          });
          setUnread(0);
        })
        .catch((err: Error) => err.name !== 'AbortError' && setList({ status: 'error' }));
    },
    [memberId],
  );

  useEffect(() => () => request.current?.abort(), []);

  useSocketEvent<NotificationEvent>(SOCKET_EVENTS.notification, (n) => {
    if (memberId === null || n.memberId !== memberId) return;
    setUnread((u) => u + 1);
    setToast(n);
    setList((prev) => (prev.status === 'ready' && !prev.rows.some((r) => r.id === n.id) ? { ...prev, rows: [n, ...prev.rows], total: prev.total + 1 } : prev));
  });

  // Read in another of the person's tabs: the badge is counted again, and the list shows them read.
  useSocketEvent<NotificationsReadEvent>(SOCKET_EVENTS.notificationsRead, (e) => {
    if (memberId === null || e.memberId !== memberId) return;
    refreshCount();
    setList((prev) => (prev.status === 'ready' ? { ...prev, rows: prev.rows.map((r) => (e.ids === null || e.ids.includes(r.id) ? { ...r, read: true } : r)) } : prev));
  });

  const markRead = (n: Notification) => {
    setList((prev) => (prev.status === 'ready' ? { ...prev, rows: prev.rows.map((r) => (r.id === n.id ? { ...r, read: true } : r)) } : prev));
    markNotificationRead(n.id)
      .then(() => refreshCount())
      .catch(() => undefined);
  };

  const open = (n: Notification) => {
    setAnchor(null);
    setToast(null);
    if (!n.read) markRead(n);
    navigate(notificationLink(n));
  };

  if (memberId === null) return null;
  const shown = list.status === 'ready' ? list.rows.length : 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          data-tour="notifications"
          onClick={(e) => {
            setAnchor(e.currentTarget);
            load('first');
          }}
          sx={{ color: 'inherit', width: 40, height: 40, flexShrink: 0 }}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notifications-badge">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { width: { xs: 'calc(100vw - 16px)', sm: 400 }, maxHeight: '70vh', display: 'flex', flexDirection: 'column' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
            Notifications
          </Typography>
          <Button size="small" disabled={list.status !== 'ready' || list.rows.every((r) => r.read)} onClick={() => load('all', shown)}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        <Box sx={{ overflowY: 'auto' }}>
          <NotificationList state={list} onOpen={open} onMarkRead={markRead} onRetry={() => load('first')} onMore={() => load('more', shown)} />
        </Box>
      </Popover>
      <NotificationToast notification={toast} onOpen={open} onClose={() => setToast(null)} />
    </>
  );
}
