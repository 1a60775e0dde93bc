import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../../../src');

/** Every import specifier of a module: static, type-only, re-exports and dynamic imports. */
const specifiers = (code: string) => [...code.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('the client', () => {
  it('takes its API types from resources/ (the shared contract), never from server/', () => {
    const offenders = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        specifiers(readFileSync(path.join(SRC, file), 'utf8'))
          .filter((spec) => spec.startsWith('.') && path.resolve(SRC, path.dirname(file), spec).startsWith(path.resolve(SRC, '../server')))
          .map((spec) => `${file}: ${spec}`),
      );
    expect(offenders).toEqual([]);
  });
});
