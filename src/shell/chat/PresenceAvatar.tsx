import { Avatar, Badge } from '@mui/material';
import { CHAT_STATUS_COLORS, CHAT_STATUS_LABELS, type ChatStatus } from '../../../resources/chat';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A person's picture (or initials) with the presence dot; the dot's meaning is in its label for screen readers. */
export function PresenceAvatar({ name, avatar, status, size = 40 }: { name: string; avatar: string | null; status: ChatStatus; size?: number }) {
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      variant="dot"
      slotProps={{ badge: { role: 'img', 'aria-label': CHAT_STATUS_LABELS[status], title: CHAT_STATUS_LABELS[status] } as object }}
      sx={{ '& .MuiBadge-badge': { bgcolor: CHAT_STATUS_COLORS[status], width: 12, height: 12, borderRadius: '50%', border: 2, borderColor: 'background.paper' } }}
      data-status={status}
    >
      <Avatar src={avatar ?? undefined} alt="" sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.4 }}>
        {initials(name)}
      </Avatar>
    </Badge>
  );
}
