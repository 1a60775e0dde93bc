import { z, type ZodType } from 'zod';
import { id, idParam, MAX_ID } from '../../../resources/id.js';
import { NUL_MESSAGE, text } from '../../../resources/text.js';
import { allRoutes } from '../../../server/modules/index.js';

/** The JSON schema nodes of a schema as a request sees it, with their place in it. */
function stringNodes(node: unknown, at: string, out: Array<{ at: string; node: Record<string, unknown> }> = []) {
  if (!node || typeof node !== 'object') return out;
  const n = node as Record<string, unknown>;
  if (n.type === 'string' || (Array.isArray(n.type) && n.type.includes('string'))) out.push({ at, node: n });
  for (const [k, v] of Object.entries(n)) {
    if (Array.isArray(v)) v.forEach((item, i) => stringNodes(item, `${at}.${k}[${i}]`, out));
    else if (v && typeof v === 'object') stringNodes(v, `${at}.${k}`, out);
  }
  return out;
}

const refusesNul = (schema: ZodType) => !schema.safeParse('a\u0000b').success;

/** A string node whose value set cannot hold NUL: text()'s pattern, idParam()'s digits, a fixed list, or a format that excludes it. */
const nulSafe = (node: Record<string, unknown>) =>
  node.pattern === '^[^\\u0000]*$' ||
  node.pattern === '^\\d+$' ||
  (Array.isArray(node.allOf) && node.allOf.some((p) => (p as { pattern?: string }).pattern === '^[^\\u0000]*$')) ||
  node.enum !== undefined ||
  node.const !== undefined ||
  node.format === 'uuid';

describe('input rules of the shared schemas', () => {
  it('every text field of every route (body, query and params) refuses NUL', () => {
    const open: string[] = [];
    for (const route of allRoutes) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = route[part] as ZodType | undefined;
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        for (const { at, node } of stringNodes(json, part)) if (!nulSafe(node)) open.push(`${route.method} ${route.url} ${at}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('text() refuses NUL with its message and is otherwise a string schema', () => {
    const name = text().trim().min(1);
    expect(name.parse('  Crew  ')).toBe('Crew');
    const refused = name.safeParse('Cr\u0000ew');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(NUL_MESSAGE);
    expect(refusesNul(text())).toBe(true);
  });

  it('an id is a whole number from 1 to 2^31-1; in a path, digits only', () => {
    expect(id().safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, '1']) expect(id().safeParse(bad).success, String(bad)).toBe(false);
    expect(idParam().parse('42')).toBe(42);
    expect(idParam().parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ['0', '-1', '1.0', '0x1', '1e3', ' 1', '+1', '', String(MAX_ID + 1), '9'.repeat(400)]) {
      expect(idParam().safeParse(bad).success, bad).toBe(false);
    }
  });
});
