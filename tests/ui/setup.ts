import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { differences, installComputedStyle, VERIFY } from './computed-style';

installComputedStyle();
if (VERIFY) afterAll(() => expect(differences).toEqual([]));

// The whole app loads lazily in these tests; a cold first render can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // A test on fake time (tests/ui/fake-time.ts) hands real timers back, also when it failed.
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no server to hold a socket: the tab's socket never connects here; tests feed events
// through realtime.dispatch(event, json) (src/realtime/client.ts).
vi.mock('socket.io-client', () => ({
  io: () => ({ connected: false, on() {}, onAny() {}, emit() {}, disconnect() {} }),
}));
