import ArrowBack from '@mui/icons-material/ArrowBack';
import Send from '@mui/icons-material/Send';
import { Alert, Box, Button, CircularProgress, IconButton, TextField, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX, CHAT_STATUS_LABELS, type ChatContact } from '../../../resources/chat';
import { messageTime } from './message-time';
import { PresenceAvatar } from './PresenceAvatar';
import { useConversation } from './useConversation';

interface Props {
  contact: Pick<ChatContact, 'id' | 'name' | 'avatar' | 'status'>;
  companyId: number | null;
  meId: number;
  onBack: () => void;
}

/** How close to the bottom (px) still counts as reading the newest: a new message then scrolls into view. */
const NEAR_BOTTOM = 80;

/** One conversation, newest at the bottom, earlier pages on request, and the composer. */
export function Conversation({ contact, companyId, meId, onBack }: Props) {
  const chat = useConversation(contact.id, companyId, meId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  // Distance from the bottom, kept on scroll: paging back keeps the view where it was.
  const fromBottom = useRef(0);
  const edges = useRef<{ first?: number; last?: number }>({});
  const input = useRef<HTMLTextAreaElement>(null);
  // Ready to write as soon as the conversation is open.
  useEffect(() => {
    if (chat.chatId !== null) input.current?.focus();
  }, [chat.chatId]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = chat.messages[0]?.id;
    const last = chat.messages.at(-1)?.id;
    const was = edges.current;
    if (last !== was.last) {
      const mine = chat.messages.at(-1)?.who === meId;
      if (was.last === undefined || mine || fromBottom.current - el.clientHeight < NEAR_BOTTOM) el.scrollTop = el.scrollHeight;
    } else if (first !== was.first) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
    }
    edges.current = { first, last };
    fromBottom.current = el.scrollHeight - el.scrollTop;
  }, [chat.messages, meId]);

  const blank = !text.trim();
  const submit = async () => {
    if (blank || sending) return;
    setSending(true);
    if (await chat.send(text)) setText('');
    setSending(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter sends, Shift+Enter starts a new line; not while an input method is composing.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton aria-label="Back to contacts" onClick={onBack}>
          <ArrowBack />
        </IconButton>
        <PresenceAvatar name={contact.name} avatar={contact.avatar} status={contact.status} size={32} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" noWrap>
            {contact.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {CHAT_STATUS_LABELS[contact.status]}
          </Typography>
        </Box>
      </Box>

      <Box
        ref={scroller}
        role="log"
        aria-label={`Messages with ${contact.name}`}
        onScroll={(e) => (fromBottom.current = e.currentTarget.scrollHeight - e.currentTarget.scrollTop)}
        sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {chat.loading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} aria-label="Loading messages" />
          </Box>
        ) : chat.error ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={chat.retry}>Retry</Button>}>
            The conversation could not be opened: {chat.error.message}
          </Alert>
        ) : (
          <>
            {chat.hasMore && (
              <Button size="small" onClick={() => void chat.loadEarlier()} disabled={chat.loadingEarlier} sx={{ alignSelf: 'center' }}>
                {chat.loadingEarlier ? 'Loading…' : 'Load earlier messages'}
              </Button>
            )}
            {chat.messages.length === 0 && (
              <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
                No messages yet. Say hello to {contact.name}.
              </Typography>
            )}
            {chat.messages.map((m) => {
              const mine = m.who === meId;
              return (
                <Box key={m.id} data-testid="chat-message" data-mine={mine} sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
                  <Box
                    sx={{
                      px: 1.5,
                      py: 1,
                      borderRadius: 2,
                      bgcolor: mine ? 'primary.main' : 'action.hover',
                      color: mine ? 'primary.contrastText' : 'text.primary',
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {m.message}
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: mine ? 'right' : 'left', px: 0.5 }}>
                    {mine ? 'You' : contact.name} · <time dateTime={m.time}>{messageTime(m.time)}</time>
                  </Typography>
                </Box>
              );
            })}
          </>
        )}
      </Box>

      {chat.notice && (
        <Alert severity="warning" sx={{ mx: 2, mb: 1 }}>
          {chat.notice}
        </Alert>
      )}
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}
      >
        <TextField
          fullWidth
          multiline
          maxRows={4}
          size="small"
          placeholder="Write a message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={chat.chatId === null}
          inputRef={input}
          slotProps={{ htmlInput: { 'aria-label': 'Message', maxLength: CHAT_MESSAGE_MAX } }}
        />
        <IconButton type="submit" color="primary" aria-label="Send" disabled={blank || sending || chat.chatId === null} sx={{ width: 40, height: 40 }}>
          <Send />
        </IconButton>
      </Box>
    </Box>
  );
}
