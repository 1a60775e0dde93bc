import fc from 'fast-check';
import { z, type ZodType } from 'zod';

/**
 * Hostile request inputs for the input fuzzer: values that broke the API before (NUL, ids past 2^31,
 * huge and fractional numbers, wrong types, deep nesting, over-long lists), bodies derived from each
 * route's own zod schema, and valid bodies with a few fields broken.
 */

const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\r\n',
  '\ud800',
  '\uffff',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '2147483648',
  '-1',
  '0x10',
  '1e308',
  '1.5',
  'NaN',
  'null',
  'true',
  '../../etc/passwd',
  '#fff',
  '1990-02-30',
  '0000-01-01',
  '9'.repeat(400),
  'x'.repeat(5000),
  '😀'.repeat(40),
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...TRICKY_STRINGS),
  fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })).map(([a, b]) => `${a}\u0000${b}`),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324),
);

const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** Arrays or objects nested hundreds deep. */
const deeplyNested = fc.tuple(fc.integer({ min: 50, max: 1000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileScalar, weight: 6 },
  { arbitrary: fc.array(hostileScalar, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(hostileString, hostileScalar, { maxKeys: 4 }), weight: 1 },
  { arbitrary: deeplyNested, weight: 1 },
  // Past the 500 entries an id list takes.
  { arbitrary: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 501, maxLength: 520 }), weight: 1 },
);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxItems?: number;
}

const jsonSchemaOf = (schema: ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uuid') return fc.uuid();
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40)) });
}

/** A value of the schema's shape, each node now and then swapped for a hostile one. */
function fromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileScalar;
  return fc.oneof({ arbitrary: shapedBy(schema, depth), weight: 7 }, { arbitrary: hostileValue, weight: 1 });
}

function shapedBy(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)));
  if (schema.allOf?.length) return shapedBy(Object.assign({}, ...schema.allOf, { allOf: undefined }), depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(stringFor(schema), hostileString);
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -(2 ** 31)), -(2 ** 31));
      const max = Math.min(schema.maximum ?? 2 ** 31, 2 ** 31);
      // Small values name the seeded rows (ids), so the route's lookups find something.
      return fc.oneof(fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 40) }), fc.integer({ min, max }), hostileNumber);
    }
    case 'number':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, depth + 1) : hostileValue, { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const properties = schema.properties ?? {};
      if (!Object.keys(properties).length) return fc.dictionary(hostileString, hostileScalar, { maxKeys: 3 });
      const arbs = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, fromSchema(v, depth + 1)]));
      return fc.record(arbs, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return hostileValue;
  }
}

type Path = Array<string | number>;

/** Every place in a JSON value a change can land: each key and each array index, at any depth. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  return [];
}

interface Change {
  path: Path;
  drop: boolean;
  value: unknown;
}

function applyChange(body: unknown, { path, drop, value }: Change): unknown {
  let parent = body as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    if (!next || typeof next !== 'object') return body;
    parent = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (drop) delete parent[last];
  // defineProperty, so a "__proto__" key becomes a field of the body rather than its prototype.
  else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
  return body;
}

/**
 * The valid body with one to three changes: a field dropped, set to a hostile value, or set to another
 * value its schema allows (so odd but valid input reaches the route's own code); unknown and
 * `__proto__` keys included.
 */
function changedFrom(valid: unknown, properties: Record<string, JsonSchema>): fc.Arbitrary<unknown> {
  const paths = [...pathsOf(valid), ...Object.keys(properties).map((k) => [k]), ['__proto__'], ['notAField']];
  const hostile: fc.Arbitrary<Change> = fc.record({
    path: fc.constantFrom(...paths),
    drop: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
    value: hostileValue,
  });
  const keys = Object.keys(properties);
  const allowed: fc.Arbitrary<Change> = keys.length
    ? fc.constantFrom(...keys).chain((k) => shapedBy(properties[k]!, 1).map((value) => ({ path: [k], drop: false, value })))
    : hostile;
  const change = fc.oneof(hostile, allowed);
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => changes.reduce(applyChange, structuredClone(valid)));
}

/** Bodies for one route: changed valid bodies, bodies shaped by its schema, and any JSON at all. */
export function bodiesFor(schema: ZodType, valid: unknown): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  return fc.oneof(
    { arbitrary: changedFrom(valid, json.properties ?? {}), weight: 3 },
    { arbitrary: fromSchema(json, 0), weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

/** A path segment, already URL-encoded: hostile text, ids past the limit, malformed escapes. Never a bare number, so no fuzzed call can name a real row. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((s) => s !== '' && !/^\d+$/.test(s) && s.length < 400).map(encodeSegment),
  fc.constantFrom('2147483648', '99999999999999999999', '%00', '%E0%A4%A', 'a%2Fb', '%20', '..', '-1', '0', '1.5', '1e3', '0x1', 'x'.repeat(150)),
);

function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate has no UTF-8 form; send the bytes a careless client would.
    return '%ED%A0%80';
  }
}

const LIST_PARAMS = ['id', 'name', 'email', 'status', 'roleId', 'parentId', 'categoryId', 'memberCount', 'createdAt', 'code', 'userId', 'q', 'near', '_start', '_end', '_sort', '_order', 'notAField'];
const OPERATORS = ['', '', '_ne', '_gt', '_gte', '_lt', '_lte', '_like', '_startsWith', '_endsWith'];
const RAW_VALUES = ['2147483648', '-2147483649', '1.5', '1e400', '-200000-01-01', '0000-01-01', '%2B275760-09-13', '%00', '', 'name,id', 'asc,desc,asc', '%E0%A4%A', '30.27,-97.74', '90,180', '-0,-0.0000000001', '999.9,0', `${'9'.repeat(300)},1`];

/** A list query string: filters, search, sort and paging on names lists use and some they do not, with hostile values. */
const listParam = fc.oneof({ arbitrary: fc.constantFrom('id', 'name', 'createdAt', 'q'), weight: 2 }, { arbitrary: fc.constantFrom(...LIST_PARAMS), weight: 1 });
const listValue = fc.oneof(hostileString.map(encodeSegment), fc.integer().map(String), fc.constantFrom(...RAW_VALUES));

export const hostileQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(listParam, fc.constantFrom(...OPERATORS), listValue), { minLength: 1, maxLength: 3 })
  .map((pairs) => pairs.map(([name, op, value]) => `${name}${op}=${value}`).join('&'));

/** Path segments every (route, param) pair is sent, before the seeded random ones. */
export const FIXED_SEGMENTS = ['2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3', '%00', '%E0%A4%A', 'a%2Fb', '..', '%27%20or%201%3D1%20--', 'x'.repeat(150)];

export interface RawPayload {
  contentType: string;
  payload: string | Buffer;
}

const CRLF = '\r\n';
/** A multipart body with any field names, values, file name and type: what a broken or hostile client uploads. */
const multipartOf = (fields: Array<[string, string]>, file: { name: string; type: string; bytes: Uint8Array } | null): RawPayload => {
  const boundary = 'fuzzboundary';
  const parts = fields.map(([name, value]) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`);
  const head = file ? `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${file.name}"${CRLF}Content-Type: ${file.type}${CRLF}${CRLF}` : '';
  const tail = file ? `${CRLF}--${boundary}--${CRLF}` : `--${boundary}--${CRLF}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([Buffer.from(parts.join('') + head), Buffer.from(file?.bytes ?? []), Buffer.from(tail)]),
  };
};

/** Upload fields the routes read (type, category, folderId, name), and some they do not. */
const uploadField = fc.constantFrom('type', 'category', 'folderId', 'name', 'file', '__proto__', 'notAField');

const BROKEN: RawPayload[] = [
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  { contentType: 'multipart/form-data; boundary=fuzzboundary', payload: '' },
  { contentType: 'multipart/form-data; boundary=fuzzboundary', payload: `--fuzzboundary${CRLF}Content-Disposition: form-data; name="file"; filename="a.png"${CRLF}${CRLF}unterminated` },
  { contentType: 'multipart/form-data; boundary=fuzzboundary', payload: '--fuzzboundary--' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%ZZ' },
];

/**
 * What an upload or a write route without a body may be sent: uploads with hostile fields, file
 * names, types and bytes, with no file at all, broken multipart, other content types, and JSON.
 */
export const hostilePayload: fc.Arbitrary<RawPayload> = fc.oneof(
  fc
    .tuple(
      fc.array(fc.tuple(uploadField, hostileString), { maxLength: 3 }),
      fc.option(fc.record({ name: hostileString, type: fc.constantFrom('image/png', 'application/pdf', 'text/plain', 'text/csv', '', 'x/\u0000'), bytes: fc.uint8Array({ maxLength: 64 }) })),
    )
    .map(([fields, file]) => multipartOf(fields, file)),
  fc.constantFrom(...BROKEN),
  fc.tuple(fc.constantFrom('text/plain', 'application/xml', 'application/octet-stream'), fc.string({ maxLength: 40 })).map(([contentType, payload]) => ({ contentType, payload })),
  hostileValue.map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
);
