import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Fake timers for a check that something did NOT happen after a pause (a debounced search, a delayed
 * tour): the pause is passed exactly instead of slept through, so a slow machine can neither make the
 * check pass early nor fire a timer late into it. The clock also moves with real time, so awaits of
 * answers and findBy* still end. tests/ui/setup.ts brings real timers back after every test, also
 * when an expectation fails. Answers a user whose pauses in typing move the fake clock.
 */
export function startFakeTime() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Moves the fake clock past `ms`, running what comes due and what that sets off. */
export const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
