import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Specificity, { type SpecificityValue } from '@bramus/specificity';

/*
 * getComputedStyle for the UI tests, answering display, visibility and pointer-events without
 * jsdom's whole cascade.
 *
 * jsdom computes every property of every matching rule for each element it is asked about, and MUI
 * puts thousands of emotion rules in the page. testing-library asks for the style of every element
 * it walks to compute accessible names, and user-event of every ancestor of what it clicks: that
 * was a quarter of the UI tests' CPU, though those callers read only the three properties above.
 * They are answered here by jsdom's own rules (its default style sheet, style rules at the top
 * level or in @media for all or screen, !important, specificity then order, inline style last,
 * visibility and pointer-events inherited), over only the rules that declare them; any other
 * property goes to jsdom. FIELDWORK_VERIFY_COMPUTED_STYLE=1 compares every answer with jsdom's,
 * and a file with any difference fails (docs/decisions.md, Tooling).
 */

type Property = 'display' | 'visibility' | 'pointer-events';

const INITIAL: Record<Property, string> = { display: 'inline', visibility: 'visible', 'pointer-events': 'auto' };
const INHERITED: Record<Property, boolean> = { display: false, visibility: true, 'pointer-events': true };
const PROPERTIES = Object.keys(INITIAL) as Property[];
const BY_NAME: Record<string, Property> = { display: 'display', visibility: 'visibility', pointerEvents: 'pointer-events', 'pointer-events': 'pointer-events' };
const GLOBAL_KEYWORDS = new Set(['inherit', 'initial', 'unset']);
export const VERIFY = /^(1|true|yes)$/i.test(process.env.FIELDWORK_VERIFY_COMPUTED_STYLE ?? '');

interface Declaring {
  selector: string;
  values: Partial<Record<Property, { value: string; important: boolean }>>;
  /** What an element must have to match, as jsdom's own cascade checks before matching. */
  subjects?: { id?: string; className?: string; tag?: string }[];
  specificity?: SpecificityValue;
}

/** The rules of a sheet that declare one of the properties, as jsdom would walk them. */
function declaringRules(sheet: CSSStyleSheet): Declaring[] {
  const found: Declaring[] = [];
  const applies = (media: MediaList) => {
    if (media.length === 0) return true;
    for (let i = 0; i < media.length; i++) if (media.item(i) === 'all' || media.item(i) === 'screen') return true;
    return false;
  };
  const visit = (rule: CSSRule) => {
    if (!(rule instanceof CSSStyleRule)) return;
    const values: Declaring['values'] = {};
    let any = false;
    for (const property of PROPERTIES) {
      const value = rule.style.getPropertyValue(property);
      if (value === '') continue;
      values[property] = { value, important: rule.style.getPropertyPriority(property) !== '' };
      any = true;
    }
    if (any) found.push({ selector: rule.selectorText, values });
  };
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule instanceof CSSImportRule) {
      if (rule.styleSheet && applies(rule.media)) for (const inner of Array.from(rule.styleSheet.cssRules)) visit(inner);
    } else if (rule instanceof CSSMediaRule) {
      if (applies(rule.media)) for (const inner of Array.from(rule.cssRules)) visit(inner);
    } else visit(rule);
  }
  return found;
}

const defaultRules = (() => {
  const jsdom = createRequire(import.meta.url).resolve('jsdom');
  const css = readFileSync(jsdom.replace(/api\.js$/, 'jsdom/browser/default-stylesheet.css'), 'utf8');
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return declaringRules(sheet);
})();

/** Per sheet, its declaring rules, kept while the sheet keeps its rules (emotion adds sheets, never edits one). */
const rulesOfSheet = new WeakMap<CSSStyleSheet, { count: number; rules: Declaring[] }>();

function documentRules(): Declaring[] {
  const all = [...defaultRules];
  for (const sheet of Array.from(document.styleSheets)) {
    let known = rulesOfSheet.get(sheet);
    if (!known || known.count !== sheet.cssRules.length) {
      known = { count: sheet.cssRules.length, rules: declaringRules(sheet) };
      rulesOfSheet.set(sheet, known);
    }
    all.push(...known.rules);
  }
  return all;
}

interface DocumentImpl {
  _styleCache: object;
  _getDOMSelector(): { extractSubjects(selector: string, xml: boolean): NonNullable<Declaring['subjects']> };
}
/** jsdom's own object behind the test's document, looked up once: it is asked on every answer. */
let documentImpl: DocumentImpl | null = null;
const impl = () =>
  (documentImpl ??= (document as unknown as Record<symbol, DocumentImpl>)[Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl')!]!);
let seenCache: object | null = null;
let rules: Declaring[] = [];
let answers = new WeakMap<Element, Partial<Record<Property, string>>>();

/** jsdom drops its style cache on every change to the document or its sheets: so do the answers here. */
function current() {
  const cache = impl()._styleCache;
  if (cache !== seenCache) {
    seenCache = cache;
    rules = documentRules();
    answers = new WeakMap();
  }
}

function mightMatch(element: Element, rule: Declaring) {
  rule.subjects ??= impl()._getDOMSelector().extractSubjects(rule.selector, false);
  if (rule.subjects.length === 0) return true;
  const id = element.getAttribute('id');
  const tag = element.localName.toLowerCase();
  return rule.subjects.some((s) => !(s.id && s.id !== id) && !(s.className && !element.classList.contains(s.className)) && !(s.tag && s.tag.toLowerCase() !== tag));
}

function matches(element: Element, rule: Declaring) {
  if (!mightMatch(element, rule)) return false;
  try {
    return element.matches(rule.selector);
  } catch {
    return false; // a selector of pseudo-elements: jsdom's cascade skips those rules too
  }
}

/** The cascaded value as jsdom builds it: !important wins, then higher or equal specificity, then inline style. */
function cascaded(element: Element, property: Property): string {
  let value = '';
  let important = false;
  let specificity: SpecificityValue | undefined;
  for (const rule of rules) {
    const declared = rule.values[property];
    if (!declared || !matches(element, rule)) continue;
    if (declared.important) {
      value = declared.value;
      important = true;
    } else if (!important) {
      rule.specificity ??= Specificity.max(...Specificity.calculate(rule.selector)).value;
      if (!specificity || Specificity.compare(rule.specificity, specificity) >= 0) {
        specificity = rule.specificity;
        value = declared.value;
      }
    }
  }
  const inline = (element as HTMLElement).style?.getPropertyValue(property) ?? '';
  if (inline !== '' && (!important || (element as HTMLElement).style.getPropertyPriority(property))) value = inline;
  return value;
}

function resolved(element: Element, property: Property): string {
  let known = answers.get(element);
  if (known?.[property] !== undefined) return known[property];
  let value = cascaded(element, property);
  const parent = element.parentElement;
  if (value === 'initial') value = INITIAL[property];
  else if (value === '' || GLOBAL_KEYWORDS.has(value)) {
    const inherits = value === 'inherit' || ((value === '' || value === 'unset') && INHERITED[property]);
    if (inherits && parent) value = resolved(parent, property);
    else if (value === '' || value === 'unset' || inherits) value = INITIAL[property];
  }
  if (!known) answers.set(element, (known = {}));
  known[property] = value;
  return value;
}

/** What FIELDWORK_VERIFY_COMPUTED_STYLE found different from jsdom (tests/ui/setup.ts fails the file on any). */
export const differences: string[] = [];

export function installComputedStyle() {
  const jsdomComputedStyle = globalThis.getComputedStyle;

  function fastValue(element: Element, property: Property) {
    current();
    const value = resolved(element, property);
    if (VERIFY) {
      const expected = jsdomComputedStyle(element).getPropertyValue(property);
      // Thrown, and kept: a caller retrying (testing-library's waitFor) could swallow the throw.
      if (expected !== value) {
        differences.push(`${property}: jsdom says "${expected}", tests/ui/computed-style.ts "${value}", of ${element.outerHTML.slice(0, 200)}`);
        throw new Error(differences.at(-1));
      }
    }
    return value;
  }

  globalThis.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement || element.ownerDocument !== document) return jsdomComputedStyle(element, pseudoElement);
    let whole: CSSStyleDeclaration | null = null;
    const full = () => (whole ??= jsdomComputedStyle(element));
    return new Proxy(Object.create(CSSStyleDeclaration.prototype) as CSSStyleDeclaration, {
      get(_, key) {
        if (key === 'getPropertyValue') return (name: string) => (Object.hasOwn(INITIAL, name) ? fastValue(element, name as Property) : full().getPropertyValue(name));
        if (typeof key === 'string' && Object.hasOwn(BY_NAME, key)) return fastValue(element, BY_NAME[key]!);
        const value = Reflect.get(full(), key);
        return typeof value === 'function' ? value.bind(full()) : value;
      },
      has: (_, key) => key in full(),
      ownKeys: () => Reflect.ownKeys(full()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(full(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
    });
  };
}
