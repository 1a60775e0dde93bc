import type Konva from 'konva';
import { useRef } from 'react';
import { Group, Layer, Line, Stage } from 'react-konva';
import type { Geometry, LayerItem, PlanMark, Point } from '../../../resources/plan-takeoff';
import { BUILT_COLOR, DEFAULT_COLOR, DrawingShape, useIcon, VertexHandles } from './shapes';
import type { Tool } from './tools';
import { toPage, type Size, type View } from './viewport-math';

const clampPoint = ([x, y]: Point): Point => [Math.max(0, Math.round(x * 100) / 100), Math.max(0, Math.round(y * 100) / 100)];

/** A drawing moved by (dx, dy) points, kept on the sheet. */
export function moved(g: Geometry, dx: number, dy: number): Geometry {
  const shift = (ring: Point[]) => ring.map(([x, y]) => clampPoint([x + dx, y + dy]));
  return { points: shift(g.points), ...(g.openings ? { openings: g.openings.map(shift) } : {}) };
}

/** A drawing with one corner (ring 0 is the outline, then the openings) moved to `to`. */
export function reshaped(g: Geometry, ring: number, index: number, to: Point): Geometry {
  const set = (pts: Point[]) => pts.map((p, i) => (i === index ? clampPoint(to) : p));
  return ring === 0 ? { ...g, points: set(g.points) } : { ...g, openings: (g.openings ?? []).map((o, r) => (r === ring - 1 ? set(o) : o)) };
}

function ItemDrawing({ item, marks, zoom, selected, editable, onSelect, onChange }: {
  item: LayerItem;
  marks: PlanMark[];
  zoom: number;
  selected: boolean;
  editable: boolean;
  onSelect: () => void;
  onChange: (geometry: Geometry) => void;
}) {
  const icon = useIcon(item.iconUrl);
  const color = item.color ?? DEFAULT_COLOR;
  return (
    <>
      <Group
        draggable={selected && editable}
        onClick={onSelect}
        onTap={onSelect}
        onDragEnd={(e: Konva.KonvaEventObject<DragEvent>) => {
          const { x, y } = e.target.position();
          e.target.position({ x: 0, y: 0 });
          if (x || y) onChange(moved(item.geometry, x, y));
        }}
      >
        <DrawingShape kind={item.kind} geometry={item.geometry} color={color} zoom={zoom} icon={icon} selected={selected} />
      </Group>
      {marks.map((m) => (
        <DrawingShape key={m.id} kind={item.kind} geometry={m.geometry} color={BUILT_COLOR} zoom={zoom} dashed />
      ))}
      {selected && editable && <VertexHandles geometry={item.geometry} zoom={zoom} onMoved={(ring, i, to) => onChange(reshaped(item.geometry, ring, i, to))} />}
    </>
  );
}

/** How long after a tap the browser's mouse copy of it may arrive. */
const TAP_ECHO_MS = 800;

export interface Draft {
  tool: Exclude<Tool, 'select' | 'hand'>;
  points: Point[];
  color: string;
}

/**
 * The drawing layer: a Konva stage the size of the viewport whose layer maps PDF points to the
 * screen (the view's zoom and offset). It shows the page's drawings with their built marks and the
 * drawing in progress, and reports clicks in PDF points.
 */
export function DrawingLayer(props: {
  view: View;
  viewport: Size;
  items: LayerItem[];
  marks: PlanMark[];
  selectedId: number | null;
  editable: boolean;
  tool: Tool;
  draft: Draft | null;
  hover: Point | null;
  onSelect: (id: number | null) => void;
  onChange: (item: LayerItem, geometry: Geometry) => void;
  onPoint: (point: Point) => void;
  onFinish: () => void;
  onHover: (point: Point | null) => void;
}) {
  const { view, viewport, items, marks, selectedId, editable, tool, draft, hover } = props;
  const at = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>): Point | null => {
    const p = e.target.getStage()?.getPointerPosition();
    return p ? clampPoint(toPage(view, [p.x, p.y])) : null;
  };
  const drawing = tool !== 'select' && tool !== 'hand';
  const click = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (!drawing) {
      // A click on the empty sheet lets go of the selection.
      if (e.target === e.target.getStage()) props.onSelect(null);
      return;
    }
    const p = at(e);
    if (p) props.onPoint(p);
  };
  // A finger's tap also arrives as a mouse click (and two taps as a double click): the copy is left
  // out, or each tap would add its point twice and a second quick tap would finish the drawing.
  const lastTap = useRef(-Infinity);
  const fromTap = () => performance.now() - lastTap.current < TAP_ECHO_MS;
  const tap = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    lastTap.current = performance.now();
    click(e);
  };
  const draftPoints = draft ? (hover && draft.tool !== 'count' ? [...draft.points, hover] : draft.points) : [];
  return (
    <Stage
      width={viewport.width}
      height={viewport.height}
      style={{ position: 'absolute', inset: 0, cursor: drawing ? 'crosshair' : tool === 'hand' ? 'grab' : 'default' }}
      onClick={(e: Konva.KonvaEventObject<MouseEvent>) => !fromTap() && click(e)}
      onTap={tap}
      onDblClick={() => drawing && !fromTap() && props.onFinish()}
      onDblTap={() => drawing && props.onFinish()}
      onMouseMove={(e: Konva.KonvaEventObject<MouseEvent>) => drawing && draft && props.onHover(at(e))}
    >
      <Layer x={view.x} y={view.y} scaleX={view.zoom} scaleY={view.zoom} listening={!drawing}>
        {items.map((item) => (
          <ItemDrawing
            key={item.id}
            item={item}
            marks={marks.filter((m) => m.layerItemId === item.id)}
            zoom={view.zoom}
            selected={item.id === selectedId}
            editable={editable && tool === 'select'}
            onSelect={() => tool === 'select' && props.onSelect(item.id)}
            onChange={(g) => props.onChange(item, g)}
          />
        ))}
      </Layer>
      <Layer x={view.x} y={view.y} scaleX={view.zoom} scaleY={view.zoom} listening={false}>
        {draft && draft.tool === 'count' && <DrawingShape kind="count" geometry={{ points: draft.points }} color={draft.color} zoom={view.zoom} />}
        {draft && draft.tool !== 'count' && draftPoints.length > 0 && (
          <Line
            points={draftPoints.flatMap((p) => p)}
            closed={draft.tool === 'area' || draft.tool === 'opening'}
            stroke={draft.color}
            strokeWidth={2 / view.zoom}
            dash={[6 / view.zoom, 4 / view.zoom]}
            fill={draft.tool === 'area' ? `${draft.color}30` : undefined}
          />
        )}
      </Layer>
    </Stage>
  );
}
