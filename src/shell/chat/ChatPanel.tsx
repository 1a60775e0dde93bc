import Close from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { ChatContact } from '../../../resources/chat';
import { useSession } from '../../session/useSession';
import { useKeepFocusIn } from '../keep-focus';
import { useShellPanels } from '../panels';
import { ShellDrawer } from '../ShellDrawer';
import { openChatWith, useChatTarget } from './chat-target';
import { ContactList } from './ContactList';
import { Conversation } from './Conversation';
import { StatusPicker } from './StatusPicker';
import { useChatContacts } from './useChatContacts';

/** Spec 02 §2 and §9: the team chat panel is 360 px wide (the whole width on a phone). */
export const CHAT_PANEL_WIDTH = 360;

/**
 * The team chat (spec 02 §1): the active company's people with their presence and unread counts, the
 * user's own status, and one conversation at a time. Escape or the close button closes it.
 */
export default function ChatPanel() {
  const panels = useShellPanels();
  const open = panels.open === 'chat';
  useKeepFocusIn('chat-panel', open);
  const { user, activeMembership } = useSession();
  const companyId = activeMembership?.companyId ?? null;
  const meId = user?.id ?? null;
  const [contactId, setContactId] = useState<number | null>(null);
  const [lastContact, setLastContact] = useState<number | null>(null);
  const contacts = useChatContacts(open, companyId, meId, contactId);
  const target = useChatTarget();

  // A pop-up's "Open": straight to that conversation.
  useEffect(() => {
    if (open && target !== null) {
      setContactId(target);
      contacts.clearUnread(target);
      openChatWith(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, target]);
  // Another company's people are not this one's.
  const shownCompany = useRef(companyId);
  useEffect(() => {
    if (shownCompany.current !== companyId) setContactId(null);
    shownCompany.current = companyId;
  }, [companyId]);

  const contact: Pick<ChatContact, 'id' | 'name' | 'avatar' | 'status'> | null =
    contactId === null ? null : (contacts.contacts.find((c) => c.id === contactId) ?? { id: contactId, name: 'Conversation', avatar: null, status: 'offline' });

  return (
    <ShellDrawer panel="chat" id="chat-panel" label="Team chat" width={CHAT_PANEL_WIDTH} paperSx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Team chat
        </Typography>
        {meId !== null && <StatusPicker meId={meId} />}
        <IconButton aria-label="Close team chat" onClick={panels.close}>
          <Close />
        </IconButton>
      </Box>
      {companyId === null || meId === null ? (
        <Typography color="text.secondary" sx={{ p: 3 }}>
          Join or create a company to chat with its people.
        </Typography>
      ) : contact ? (
        <Conversation key={`${companyId}-${contact.id}`} contact={contact} companyId={companyId} meId={meId} onBack={() => {
            setLastContact(contactId);
            setContactId(null);
          }}
        />
      ) : (
        <ContactList
          contacts={contacts.contacts}
          total={contacts.total}
          loading={contacts.loading}
          error={contacts.error}
          q={contacts.q}
          onSearch={contacts.setQ}
          onRetry={contacts.retry}
          focusId={lastContact}
          onOpen={(c) => {
            contacts.clearUnread(c.id);
            setContactId(c.id);
          }}
        />
      )}
    </ShellDrawer>
  );
}
