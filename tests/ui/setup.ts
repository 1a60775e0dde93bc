import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// The whole app loads lazily in these tests; a cold first render can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
