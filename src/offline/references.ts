/**
 * An entry written offline may need what an earlier one's answer gives (the id of a production
 * created offline, for its photos' path): it says so with a reference, replaced at sending time.
 */
export interface OutboxRef {
  $ref: string;
  /**
   * The field of the earlier entry's answer (e.g. 'id'), or a dotted path into it: 'items.0.id' is
   * the id of the answer's first item, 'items.-1.id' of its last (items added to a production whose
   * other items the phone may not know).
   */
  field: string;
}

export function isRef(value: unknown): value is OutboxRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as OutboxRef).$ref === 'string' &&
    typeof (value as OutboxRef).field === 'string' &&
    Object.keys(value).length === 2
  );
}

/** The ids of the entries a value refers to, wherever the references sit in it. */
export function refsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (isRef(value)) into.add(value.$ref);
  else if (Array.isArray(value)) value.forEach((v) => refsIn(v, into));
  else if (typeof value === 'object' && value !== null && !(value instanceof Blob)) Object.values(value).forEach((v) => refsIn(v, into));
  return into;
}

export class UnresolvedRef extends Error {}

function valueAt(answer: unknown, field: string): unknown {
  let at = answer;
  for (const key of field.split('.')) {
    if (Array.isArray(at) && /^-?\d+$/.test(key)) at = at.at(Number(key));
    else if (at && typeof at === 'object' && !Array.isArray(at)) at = (at as Record<string, unknown>)[key];
    else return undefined;
  }
  return at;
}

/** The value with each reference replaced by the field of the answer it names. */
export function resolveRefs<T>(value: T, answers: Map<string, unknown>): T {
  if (isRef(value)) {
    const resolved = valueAt(answers.get(value.$ref), value.field);
    if (resolved === undefined) throw new UnresolvedRef(`The answer of the entry this one depends on has no ${value.field}`);
    return resolved as T;
  }
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, answers)) as T;
  if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v, answers)])) as T;
  }
  return value;
}
