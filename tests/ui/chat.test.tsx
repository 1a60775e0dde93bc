import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessageEvent, PresenceEvent } from '../../resources/chat';
import { SOCKET_EVENTS } from '../../resources/realtime';
import { realtime } from '../../src/realtime';
import { chatIdOf, chatState, COMPANY, ME, message, resetChat, useChatHandlers } from './chat-fixtures';
import { renderApp } from './render-app';
import { listenShellServer, setViewportWidth } from './shell-fixtures';

// No socket server here: setup.ts's fake socket never connects; events are dispatched to the client directly.

listenShellServer();
beforeEach(() => {
  setViewportWidth(1366);
  resetChat();
  useChatHandlers();
});

const toolbar = () => within(screen.getByRole('banner'));
const emit = (event: string, payload: unknown) => act(() => realtime.dispatch(event, JSON.stringify(payload)));
const live = (contactId: number, who: number, text: string): ChatMessageEvent => ({
  ...message(contactId, who, text),
  companyId: COMPANY,
  participants: [ME, contactId],
  senderName: who === ME ? 'Dana Field' : 'Bob Brown',
});

async function openChat() {
  const user = userEvent.setup();
  renderApp('/dashboard');
  expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
  // The toolbar counts the unread messages of the company's chats.
  const button = await toolbar().findByRole('button', { name: 'Team chat, 2 unread' });
  await user.click(button);
  const panel = await screen.findByRole('dialog', { name: 'Team chat' });
  return { user, panel };
}

describe('the team chat panel', () => {
  it('lists the contacts with presence and unread counts, and saves the chosen status', { timeout: 30000 }, async () => {
    const { user, panel } = await openChat();
    const contacts = await within(panel).findByRole('list', { name: 'Contacts' });
    const rows = within(contacts).getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Bob Brown, Online, 2 unread', 'Carol Clark, Away', 'Eve Evans, Offline']);
    expect(within(rows[0]!).getByTestId('unread-count')).toHaveTextContent('2');
    expect(within(rows[2]!).getByRole('img', { name: 'Offline' })).toBeInTheDocument();

    // A presence event moves a dot.
    emit(SOCKET_EVENTS.presence, { userId: 4, status: 'do-not-disturb' } satisfies PresenceEvent);
    expect(await within(contacts).findByRole('button', { name: 'Eve Evans, Do not disturb' })).toBeInTheDocument();

    const picker = within(panel).getByRole('combobox', { name: 'My status' });
    await waitFor(() => expect(picker).toHaveTextContent('Online'));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Away' }));
    await waitFor(() => expect(chatState.statusCalls).toEqual([{ status: 'away' }]));
    expect(picker).toHaveTextContent('Away');
  });

  it('opens a conversation with the newest at the bottom, pages back, and sends on Enter but never a blank message', { timeout: 30000 }, async () => {
    chatState.dialogs.set(2, Array.from({ length: 60 }, (_, i) => message(2, i % 2 ? ME : 2, `Message ${i + 1}`)));
    const { user, panel } = await openChat();
    await user.click(await within(panel).findByRole('button', { name: /^Bob Brown/ }));
    const log = await within(panel).findByRole('log', { name: 'Messages with Bob Brown' });
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(50));
    const texts = () => within(log).getAllByTestId('chat-message').map((m) => m.firstChild!.textContent);
    expect(texts().at(0)).toBe('Message 11');
    expect(texts().at(-1)).toBe('Message 60');
    expect(within(log).getAllByTestId('chat-message').at(-1)).toHaveAttribute('data-mine', 'true');

    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(60));
    expect(texts().slice(0, 2)).toEqual(['Message 1', 'Message 2']);
    expect(chatState.gets.at(-1)!.get('before')).toBe(String(chatState.dialogs.get(2)![10]!.id));
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();

    const box = within(panel).getByRole('textbox', { name: 'Message' });
    const send = within(panel).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(chatState.sent).toEqual([]);

    await user.clear(box);
    await user.type(box, 'On my way{Enter}');
    await waitFor(() => expect(chatState.sent).toEqual([{ chatId: chatIdOf(2), message: { who: ME, message: 'On my way', time: expect.any(String) } }]));
    await waitFor(() => expect(texts().at(-1)).toBe('On my way'));
    expect(box).toHaveValue('');
    expect(send).toBeDisabled();
  });

  it('shows messages as they arrive, counts them for the other contacts, and closes with Escape', { timeout: 30000 }, async () => {
    chatState.dialogs.set(3, [message(3, 3, 'Morning')]);
    const { user, panel } = await openChat();
    await user.click(await within(panel).findByRole('button', { name: /^Carol Clark/ }));
    const log = await within(panel).findByRole('log', { name: 'Messages with Carol Clark' });
    expect(await within(log).findByText('Morning')).toBeInTheDocument();
    const reads = chatState.gets.length;

    emit(SOCKET_EVENTS.chatMessage, live(3, 3, 'Gate code is 4411'));
    expect(await within(log).findByText('Gate code is 4411')).toBeInTheDocument();
    // Seen as it arrives: the newest page is read again, which marks it read.
    await waitFor(() => expect(chatState.gets.length).toBe(reads + 1));
    // Another company's message, and one for another contact, stay out of this conversation.
    emit(SOCKET_EVENTS.chatMessage, { ...live(3, 3, 'Other company'), companyId: 99 });
    emit(SOCKET_EVENTS.chatMessage, live(2, 2, 'From Bob'));
    expect(within(log).queryByText('Other company')).not.toBeInTheDocument();
    expect(within(log).queryByText('From Bob')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Back to contacts' }));
    expect(await within(panel).findByRole('button', { name: 'Bob Brown, Online, 3 unread' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Team chat' })).not.toBeInTheDocument());
    await user.click(toolbar().getByRole('button', { name: /^Team chat/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Team chat' })).getByRole('button', { name: 'Close team chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Team chat' })).not.toBeInTheDocument());
  });

  it('says when the contacts cannot be loaded and tries again on request', { timeout: 30000 }, async () => {
    chatState.failContacts = 1;
    const { user, panel } = await openChat();
    expect(await within(panel).findByText(/The contacts could not be loaded: Database unavailable/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('button', { name: /^Bob Brown/ })).toBeInTheDocument();
  });

  it('pops up a message that arrives while the chat is closed, and Open goes to that conversation', { timeout: 30000 }, async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
    await toolbar().findByRole('button', { name: 'Team chat, 2 unread' });
    emit(SOCKET_EVENTS.chatMessage, live(2, 2, 'Trench at 5th is open'));
    expect(await screen.findByText('Bob Brown: Trench at 5th is open')).toBeInTheDocument();
    expect(toolbar().getByRole('button', { name: 'Team chat, 3 unread' })).toBeInTheDocument();
    // The sender's own message never pops up.
    emit(SOCKET_EVENTS.chatMessage, live(2, ME, 'Mine'));
    expect(screen.queryByText(/Mine$/)).not.toBeInTheDocument();

    chatState.dialogs.set(2, [message(2, 2, 'Trench at 5th is open')]);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const panel = await screen.findByRole('dialog', { name: 'Team chat' });
    expect(await within(panel).findByRole('log', { name: 'Messages with Bob Brown' })).toBeInTheDocument();
  });

  it('keeps quiet in do not disturb: no pop-up, the count still goes up', { timeout: 30000 }, async () => {
    chatState.chosen = 'do-not-disturb';
    renderApp('/dashboard');
    expect(await screen.findByText('Welcome, Dana')).toBeInTheDocument();
    await toolbar().findByRole('button', { name: 'Team chat, 2 unread' });
    emit(SOCKET_EVENTS.chatMessage, live(2, 2, 'Quiet please'));
    expect(await toolbar().findByRole('button', { name: 'Team chat, 3 unread' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('Bob Brown: Quiet please')).not.toBeInTheDocument();
    // Back online (a presence event of the user's own): pop-ups again.
    emit(SOCKET_EVENTS.presence, { userId: ME, status: 'online' } satisfies PresenceEvent);
    emit(SOCKET_EVENTS.chatMessage, live(2, 2, 'Now you hear me'));
    expect(await screen.findByText('Bob Brown: Now you hear me')).toBeInTheDocument();
  });
});
