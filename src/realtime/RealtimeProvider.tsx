import { useInvalidateAuthStore } from '@refinedev/core';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { SOCKET_EVENTS, SOCKET_PATH, type SocketEvent } from '../../resources/realtime';
import { ApiError, reportError } from '../api/http';
import { clearToken, readToken } from '../auth/token-store';
import { useSession } from '../session/useSession';
import { realtime as defaultClient, type RealtimeClient } from './client';

const RealtimeContext = createContext<RealtimeClient>(defaultClient);

/**
 * Holds the signed-in tab's socket open: opened with the session token and the tab's company, a new
 * socket for a new token, the company room switched when the tab's company changes, closed on logout.
 */
export function RealtimeProvider({ children, client = defaultClient }: { children: ReactNode; client?: RealtimeClient }) {
  const { user, activeMembership } = useSession();
  const token = user ? readToken() : null;
  const companyId = activeMembership?.companyId ?? null;
  const refreshSession = useInvalidateAuthStore();

  useEffect(() => {
    client.onError = (error, event) => reportError(new ApiError(error.message, 0, `${SOCKET_PATH} ${event}`, 'REALTIME_PARSE'));
  }, [client]);

  useEffect(() => {
    if (!token) {
      client.disconnect();
      return;
    }
    client.connect(token, companyId);
  }, [client, token, companyId]);

  useEffect(() => () => client.disconnect(), [client]);

  // Signed out elsewhere (another tab, a password change): this tab's session is over too.
  useEffect(
    () =>
      client.on(SOCKET_EVENTS.sessionEnded, () => {
        if (readToken() !== token) return;
        clearToken();
        client.disconnect();
        void refreshSession();
      }),
    [client, token, refreshSession],
  );

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export const useRealtimeClient = () => useContext(RealtimeContext);

/** Calls the handler with each parsed payload of the event; the latest handler is used without resubscribing. */
export function useSocketEvent<T>(event: SocketEvent, handler: (payload: T) => void) {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client.on<T>(event, (payload) => latest.current(payload)), [client, event]);
}

/** Whether the tab's socket is connected now. */
export function useSocketConnected(): boolean {
  const client = useRealtimeClient();
  const [connected, setConnected] = useState(client.connected);
  useEffect(() => {
    setConnected(client.connected);
    return client.onConnectionChange(setConnected);
  }, [client]);
  return connected;
}
