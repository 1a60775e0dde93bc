#!/usr/bin/env node
// Fails when a package that must be a single instance is installed more than once.
// Refine lists @mui/* and react-router as its own dependencies: when their major differs from
// ours, npm quietly nests a second copy, and two copies mean two React contexts (a theme or a
// router that the other half of the app cannot see). We walk node_modules instead of trusting
// `npm ls`, whose exit code is non-zero today for an unrelated, harmless peer warning.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The two Refine is known to duplicate, plus the context-bearing packages a second copy of which
// breaks hooks, themes or styles the same way.
export const SINGLETONS = ['@mui/material', 'react-router', 'react', 'react-dom', '@mui/system', '@emotion/react'];

/** Every installed copy of the named packages: [{ name, version, dir }]. */
export function findCopies(root, names = SINGLETONS) {
  const wanted = new Set(names);
  const copies = [];
  const visitPackage = (dir, name) => {
    if (wanted.has(name)) {
      let version = '?';
      try {
        version = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
      } catch {
        // a broken install still counts as a copy
      }
      copies.push({ name, version, dir: path.relative(root, dir) });
    }
    const nested = path.join(dir, 'node_modules');
    if (existsSync(nested)) visitNodeModules(nested);
  };
  const visitNodeModules = (nm) => {
    for (const entry of readdirSync(nm, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // .bin, .package-lock.json, .cache
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      const full = path.join(nm, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(full, { withFileTypes: true })) {
          if (scoped.isDirectory() || scoped.isSymbolicLink()) visitPackage(path.join(full, scoped.name), `${entry.name}/${scoped.name}`);
        }
      } else {
        visitPackage(full, entry.name);
      }
    }
  };
  const top = path.join(root, 'node_modules');
  if (existsSync(top)) visitNodeModules(top);
  return copies;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!existsSync(path.join(root, 'node_modules'))) {
    console.error('check-duplicate-packages: node_modules is missing; run npm install first.');
    process.exit(1);
  }
  const copies = findCopies(root);
  let failed = false;
  for (const name of SINGLETONS) {
    const found = copies.filter((c) => c.name === name);
    if (found.length === 0) {
      console.log(`  ${name}: not installed`);
    } else if (found.length === 1) {
      console.log(`  ${name}: one copy (${found[0].version})`);
    } else {
      failed = true;
      console.error(`  ${name}: ${found.length} installed copies; the app needs exactly one:`);
      for (const c of found) console.error(`    ${c.version}  ${c.dir}`);
    }
  }
  if (failed) {
    console.error(
      'Duplicate packages found. Align the version in package.json with what @refinedev/* expects ' +
        '(see DESIGN.md "Versions"), then reinstall; `npm ls @mui/material react-router` shows who pulls each copy.',
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
