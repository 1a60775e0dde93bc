export { realtime, RealtimeClient, type RealtimeSocket, type SocketFactory } from './client';
export { liveProvider, matchesSubscription } from './live-provider';
export { RealtimeProvider, useRealtimeClient, useSocketConnected, useSocketEvent } from './RealtimeProvider';
export { useLiveRefresh } from './useLiveRefresh';
