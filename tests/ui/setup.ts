import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { differences, installComputedStyle, VERIFY } from './computed-style';

installComputedStyle();
if (VERIFY) afterAll(() => expect(differences).toEqual([]));

// The whole app loads lazily in these tests: a file's first render compiles its routes, which took
// over 5 s on a busy machine (items.test.tsx in a CI run at load 5). Every wait gets 15 s; a test
// needing longer says so.
configure({ asyncUtilTimeout: 15_000 });

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
