import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { optimizedDependencies } from './tests/ui/optimized-deps';

export default defineConfig({
  test: {
    globals: true,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', globals: true } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // One database per file; two files at a time, each worker taking the next file as it ends.
          fileParallelism: true,
          maxWorkers: 2,
          // The files share one module graph: importing the server anew for each file was more than
          // half of the step's time. Each file still starts its own server over its own database;
          // nothing here mocks modules (tests/api/file-lifecycle.test.ts fails the database instead).
          isolate: false,
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        plugins: [react()],
        // MUI 6 names its CommonJS build `main` and its ES modules `module`; the optimizer must take the
        // modules, which its icons (ES modules of their own) import, or two MUIs meet in one tree.
        resolve: { mainFields: ['module', 'jsnext:main', 'jsnext', 'main'] },
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/ui/setup.ts'],
          testTimeout: 20000,
          server: { deps: { inline: [/@refinedev\//, /@mui\/x-/] } },
          // MUI, Refine, React and the testing libraries bundled once (tests/ui/optimized-deps.ts): the UI
          // tests' imports took 125 of their 701 s, 38 s so (docs/decisions.md, Tooling).
          deps: { optimizer: { client: { enabled: true, include: optimizedDependencies(import.meta.dirname) } } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          globals: true,
          fileParallelism: false,
          // As the API tests: one module graph for every file (each still starts its own server and
          // database); importing the server anew took about 3 s of each file.
          isolate: false,
          testTimeout: 120000,
          hookTimeout: 180000,
        },
      },
    ],
  },
});
