import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The packages the UI tests take from Vite's dependency optimizer, bundled once per run (cached under
 * node_modules/.vite/vitest) instead of being loaded module by module in every test file: MUI alone is
 * thousands of files. React and the testing libraries go with them, so that there is one React and one
 * @testing-library/dom (user-event's clicks must go through the act() that @testing-library/react
 * configures, or navigations land a tick late and every update warns).
 */
const BUNDLED =
  /^(react|react-dom|react\/.*|react-dom\/.*|react-router|react-hook-form|@hookform\/.*|@emotion\/.*|@refinedev\/.*|@mui\/(material|icons-material|system|lab|x-data-grid|x-charts|x-date-pickers)(\/.*)?|@testing-library\/(react|user-event|dom))$/;

const ALWAYS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', '@testing-library/react', '@testing-library/user-event', '@testing-library/dom'];

const SOURCES = ['src', 'resources', 'permissions', 'tests/ui'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

/**
 * Every specifier of those packages that the client and its tests import (each icon is its own path),
 * read from the sources so that a new import is bundled without a list to keep.
 */
export function optimizedDependencies(root: string): string[] {
  const found = new Set(ALWAYS);
  for (const dir of SOURCES) {
    for (const file of sourceFiles(path.join(root, dir))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) {
        if (BUNDLED.test(specifier!)) found.add(specifier!);
      }
    }
  }
  return [...found].sort();
}
