import {
  BRUSH_SIZES,
  dataUrlToBlob,
  DEFAULT_COLOR,
  drawingReducer,
  EMPTY_DRAWING,
  fitScale,
  outputType,
  savedName,
  type Drawing,
  type DrawingAction,
} from '../../../src/pages/image-editor/drawing.js';

const run = (...actions: DrawingAction[]) => actions.reduce<Drawing>(drawingReducer, EMPTY_DRAWING);
const blue = { color: DEFAULT_COLOR, size: BRUSH_SIZES.small };

describe('image editor drawing', () => {
  it('offers the spec brush sizes and blue by default', () => {
    expect(BRUSH_SIZES).toEqual({ small: 5, medium: 15, big: 30 });
    expect(DEFAULT_COLOR).toBe('#0000ff');
  });

  it('a pen stroke keeps every point it passed; a line keeps only its two ends', () => {
    const pen = run({ type: 'start', tool: 'pen', x: 1, y: 2, ...blue }, { type: 'move', x: 3, y: 4 }, { type: 'move', x: 5, y: 6 }, { type: 'end' });
    expect(pen.shapes).toEqual([{ kind: 'pen', points: [1, 2, 1, 2, 3, 4, 5, 6], ...blue }]);
    const line = run({ type: 'start', tool: 'line', x: 1, y: 2, ...blue }, { type: 'move', x: 3, y: 4 }, { type: 'move', x: 50, y: 60 }, { type: 'end' });
    expect(line.shapes).toEqual([{ kind: 'line', points: [1, 2, 50, 60], ...blue }]);
  });

  it('moves after the stroke ended change nothing', () => {
    const done = run({ type: 'start', tool: 'pen', x: 1, y: 2, ...blue }, { type: 'end' });
    expect(drawingReducer(done, { type: 'move', x: 9, y: 9 })).toBe(done);
  });

  it('text is placed trimmed; empty text adds nothing', () => {
    const state = run({ type: 'text', x: 10, y: 20, text: '  Crack here ', ...blue }, { type: 'text', x: 0, y: 0, text: '   ', ...blue });
    expect(state.shapes).toEqual([{ kind: 'text', x: 10, y: 20, text: 'Crack here', ...blue }]);
  });

  it('undo takes back the last shape and redo restores it; a new shape forgets what was undone', () => {
    const two = run(
      { type: 'start', tool: 'pen', x: 1, y: 1, ...blue },
      { type: 'end' },
      { type: 'text', x: 5, y: 5, text: 'A', ...blue },
    );
    const undone = drawingReducer(two, { type: 'undo' });
    expect(undone.shapes.map((s) => s.kind)).toEqual(['pen']);
    expect(drawingReducer(undone, { type: 'redo' }).shapes).toEqual(two.shapes);
    const branched = drawingReducer(undone, { type: 'start', tool: 'line', x: 0, y: 0, ...blue });
    expect(branched.undone).toEqual([]);
    expect(drawingReducer(drawingReducer(branched, { type: 'end' }), { type: 'redo' }).shapes.map((s) => s.kind)).toEqual(['pen', 'line']);
  });

  it('undo and redo wait while a stroke is under way, and do nothing with nothing to take back', () => {
    const drawing = run({ type: 'start', tool: 'pen', x: 1, y: 1, ...blue });
    expect(drawingReducer(drawing, { type: 'undo' })).toBe(drawing);
    expect(drawingReducer(EMPTY_DRAWING, { type: 'undo' })).toBe(EMPTY_DRAWING);
    expect(drawingReducer(EMPTY_DRAWING, { type: 'redo' })).toBe(EMPTY_DRAWING);
  });

  it('fits a picture in its area keeping its proportions, on a wide screen and on a phone', () => {
    expect(fitScale({ width: 4000, height: 3000 }, { width: 1200, height: 800 })).toBeCloseTo(800 / 3000);
    expect(fitScale({ width: 4000, height: 3000 }, { width: 390, height: 700 })).toBeCloseTo(390 / 4000);
    expect(fitScale({ width: 0, height: 0 }, { width: 390, height: 700 })).toBe(1);
  });

  it('saves JPEG as JPEG and anything else as PNG, naming the file after the type', () => {
    expect(outputType('image/jpeg')).toBe('image/jpeg');
    expect(outputType('image/webp')).toBe('image/png');
    expect(savedName('site.webp', 'image/png')).toBe('site.png');
    expect(savedName('no-extension', 'image/jpeg')).toBe('no-extension.jpg');
  });

  it('turns a data URL into the bytes it carries', async () => {
    const blob = dataUrlToBlob(`data:image/png;base64,${btoa('\x89PNG\r\n')}`);
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
  });
});
