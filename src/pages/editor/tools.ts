import type { DrawKind } from '../../../resources/plan-takeoff';

/** The editor's tools; `opening` cuts a hole in the selected area. */
export type Tool = 'select' | 'hand' | 'count' | 'line' | 'area' | 'opening' | 'calibrate';

/** Keyboard shortcuts of the tools (the brief's letters). */
export const TOOL_KEYS: Record<string, Tool> = { v: 'select', h: 'hand', c: 'count', l: 'line', a: 'area', k: 'calibrate' };

export const TOOL_LABELS: Record<Tool, string> = {
  select: 'Select (V)',
  hand: 'Hand (H)',
  count: 'Count (C)',
  line: 'Line (L)',
  area: 'Area (A)',
  opening: 'Add opening',
  calibrate: 'Calibrate (K)',
};

/** The drawing kind a tool makes, for tools that draw an item. */
export const kindOfTool = (tool: Tool): DrawKind | null => (tool === 'count' || tool === 'line' || tool === 'area' ? tool : null);

/** Fewest points that finish a drawing of this tool. */
export const MIN_POINTS: Partial<Record<Tool, number>> = { count: 1, line: 2, area: 3, opening: 3, calibrate: 2 };

/** Points as clicked, without the repeats a double click adds. */
export function withoutRepeats<P extends readonly [number, number]>(points: P[]): P[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
}
