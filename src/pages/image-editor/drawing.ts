/**
 * The image editor's drawing as plain data (spec 02 §2): what was drawn, in image pixels, with undo
 * and redo. Kept apart from Konva so it can be tested without a canvas.
 */

export type Tool = 'pen' | 'line' | 'text';

/** Spec 02 §2: small 5, medium 15, big 30, in image pixels so a saved image looks as drawn at any zoom. */
export const BRUSH_SIZES = { small: 5, medium: 15, big: 30 } as const;
export type BrushSize = keyof typeof BRUSH_SIZES;

export const DEFAULT_COLOR = '#0000ff';

/** Text reads at a size proportionate to the brush: 20, 60 or 120 image pixels high. */
export const fontSizeFor = (brush: number) => brush * 4;

export type Shape =
  | { kind: 'pen' | 'line'; points: number[]; color: string; size: number }
  | { kind: 'text'; x: number; y: number; text: string; color: string; size: number };

export interface Drawing {
  shapes: Shape[];
  /** Shapes taken back by undo, the most recent last; a new shape clears them. */
  undone: Shape[];
  /** A stroke is under way: the last shape grows with the pointer. */
  stroking: boolean;
}

export type DrawingAction =
  | { type: 'start'; tool: 'pen' | 'line'; x: number; y: number; color: string; size: number }
  | { type: 'move'; x: number; y: number }
  | { type: 'end' }
  | { type: 'text'; x: number; y: number; text: string; color: string; size: number }
  | { type: 'undo' }
  | { type: 'redo' };

export const EMPTY_DRAWING: Drawing = { shapes: [], undone: [], stroking: false };

export function drawingReducer(state: Drawing, action: DrawingAction): Drawing {
  switch (action.type) {
    case 'start': {
      // A tap leaves a dot: a zero-length stroke drawn with round caps.
      const shape: Shape = { kind: action.tool, points: [action.x, action.y, action.x, action.y], color: action.color, size: action.size };
      return { shapes: [...state.shapes, shape], undone: [], stroking: true };
    }
    case 'move': {
      const last = state.shapes.at(-1);
      if (!state.stroking || !last || last.kind === 'text') return state;
      const points = last.kind === 'pen' ? [...last.points, action.x, action.y] : [last.points[0]!, last.points[1]!, action.x, action.y];
      return { ...state, shapes: [...state.shapes.slice(0, -1), { ...last, points }] };
    }
    case 'end':
      return state.stroking ? { ...state, stroking: false } : state;
    case 'text': {
      const text = action.text.trim();
      if (!text) return state;
      const shape: Shape = { kind: 'text', x: action.x, y: action.y, text, color: action.color, size: action.size };
      return { shapes: [...state.shapes, shape], undone: [], stroking: false };
    }
    case 'undo': {
      if (state.stroking || state.shapes.length === 0) return state;
      return { ...state, shapes: state.shapes.slice(0, -1), undone: [...state.undone, state.shapes.at(-1)!] };
    }
    case 'redo': {
      if (state.stroking || state.undone.length === 0) return state;
      return { ...state, shapes: [...state.shapes, state.undone.at(-1)!], undone: state.undone.slice(0, -1) };
    }
  }
}

/** The largest scale at which an image of this size fits the area, never zero. */
export function fitScale(image: { width: number; height: number }, area: { width: number; height: number }): number {
  if (image.width <= 0 || image.height <= 0) return 1;
  const scale = Math.min(area.width / image.width, area.height / image.height);
  return scale > 0 ? scale : 1;
}

/** A data URL's bytes as a Blob, without a network round trip. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const binary = head?.endsWith(';base64') ? atob(body) : decodeURIComponent(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** JPEG stays JPEG (photos stay small); anything else is saved as PNG, which keeps every pixel. */
export function outputType(contentType: string | undefined): 'image/jpeg' | 'image/png' {
  return contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
}

/** The file name with the extension of the type it is saved as. */
export function savedName(filename: string, type: 'image/jpeg' | 'image/png'): string {
  const base = filename.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base}.${type === 'image/jpeg' ? 'jpg' : 'png'}`;
}
