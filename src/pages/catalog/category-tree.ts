import type { ItemCategory } from '../../../resources/item-categories';

export interface CategoryNode {
  category: ItemCategory;
  depth: number;
  /** Names from the top down to this category. */
  path: string[];
  children: CategoryNode[];
}

const byName = (a: CategoryNode, b: CategoryNode) => a.category.name.localeCompare(b.category.name, undefined, { sensitivity: 'base' });

/**
 * The tree of a flat list (each row names its parentId), siblings by name. A row whose parent is
 * missing from the list, or that sits in a loop, is shown at the top rather than lost.
 */
export function buildTree(categories: ItemCategory[]): CategoryNode[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const childrenOf = new Map<number | null, ItemCategory[]>();
  for (const c of categories) {
    const parent = c.parentId !== null && byId.has(c.parentId) && !inLoop(c, byId) ? c.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), c]);
  }
  const grow = (category: ItemCategory, depth: number, path: string[]): CategoryNode => {
    const here = [...path, category.name];
    const children = (childrenOf.get(category.id) ?? []).map((c) => grow(c, depth + 1, here)).sort(byName);
    return { category, depth, path: here, children };
  };
  return (childrenOf.get(null) ?? []).map((c) => grow(c, 0, [])).sort(byName);
}

function inLoop(start: ItemCategory, byId: Map<number, ItemCategory>): boolean {
  const seen = new Set<number>([start.id]);
  let cur = start.parentId;
  while (cur !== null) {
    if (seen.has(cur)) return true;
    seen.add(cur);
    cur = byId.get(cur)?.parentId ?? null;
  }
  return false;
}

/** Every node in display order (parents before their children). */
export function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The nodes to show: children only under expanded parents. */
export function visibleNodes(nodes: CategoryNode[], expanded: ReadonlySet<number>): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...(expanded.has(n.category.id) ? visibleNodes(n.children, expanded) : [])]);
}

/** The ids of a category and everything below it: places it cannot be moved under. */
export function subtreeIds(nodes: CategoryNode[], id: number): Set<number> {
  const node = flatten(nodes).find((n) => n.category.id === id);
  return new Set(node ? flatten([node]).map((n) => n.category.id) : [id]);
}

/**
 * The branches holding a match for the text (in name or description), with the matches' ancestors
 * kept so each match is shown where it lives.
 */
export function filterTree(nodes: CategoryNode[], text: string): CategoryNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, needle);
    const hit = n.category.name.toLowerCase().includes(needle) || (n.category.description ?? '').toLowerCase().includes(needle);
    return hit || children.length ? [{ ...n, children: hit && !children.length ? n.children : children }] : [];
  });
}

export const parentIds = (nodes: CategoryNode[]) => flatten(nodes).filter((n) => n.children.length).map((n) => n.category.id);
