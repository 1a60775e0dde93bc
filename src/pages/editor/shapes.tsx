import type Konva from 'konva';
import { useEffect, useState } from 'react';
import { Circle, Group, Image as KonvaImage, Line, Shape } from 'react-konva';
import type { Geometry, Point } from '../../../resources/plan-takeoff';

export const DEFAULT_COLOR = '#1565c0';
/** Built (approved production) is drawn over the plan in this one colour, planned in the item's. */
export const BUILT_COLOR = '#2e7d32';

const flat = (points: Point[]) => points.flatMap((p) => p);
const signedArea = (ring: Point[]) => ring.reduce((s, [x1, y1], i) => {
  const [x2, y2] = ring[(i + 1) % ring.length]!;
  return s + x1 * y2 - x2 * y1;
}, 0);

/** Loads an item's icon for its count symbols; null until loaded or when it has none. */
export function useIcon(url: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!url) return setImage(null);
    const img = new window.Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => setImage(img);
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  return image;
}

interface ShapeProps {
  kind: 'count' | 'line' | 'area';
  geometry: Geometry;
  color: string;
  /** CSS px per point: strokes and symbols keep their size on screen at any zoom. */
  zoom: number;
  icon?: HTMLImageElement | null;
  dashed?: boolean;
  selected?: boolean;
  testId?: string;
}

/**
 * One drawing in PDF points: symbols for a count, a polyline for a line, a polygon for an area with
 * its openings wound the other way round so the non-zero fill leaves them empty.
 */
export function DrawingShape({ kind, geometry, color, zoom, icon, dashed, selected, testId }: ShapeProps) {
  const w = (selected ? 4 : 2.5) / zoom;
  const dash = dashed ? [8 / zoom, 5 / zoom] : undefined;
  if (kind === 'count') {
    const r = 9 / zoom;
    return (
      <>
        {geometry.points.map(([x, y], i) =>
          icon ? (
            <KonvaImage key={i} image={icon} x={x - r} y={y - r} width={2 * r} height={2 * r} stroke={selected ? color : undefined} strokeWidth={w} />
          ) : (
            <Circle key={i} x={x} y={y} radius={r * 0.7} fill={color} stroke={selected ? '#000' : '#fff'} strokeWidth={1.5 / zoom} data-testid={testId} />
          ),
        )}
      </>
    );
  }
  if (kind === 'line') return <Line points={flat(geometry.points)} stroke={color} strokeWidth={w} dash={dash} lineCap="round" lineJoin="round" hitStrokeWidth={12 / zoom} />;
  const outer = geometry.points;
  const clockwise = signedArea(outer) > 0;
  const rings = [outer, ...(geometry.openings ?? []).map((o) => ((signedArea(o) > 0) === clockwise ? [...o].reverse() : o))];
  return (
    <Shape
      fill={`${color}40`}
      stroke={color}
      strokeWidth={w}
      dash={dash}
      sceneFunc={(ctx: Konva.Context, shape: Konva.Shape) => {
        ctx.beginPath();
        for (const ring of rings) {
          ring.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
          ctx.closePath();
        }
        ctx.fillStrokeShape(shape);
      }}
    />
  );
}

/** Handles on a selected drawing's corners (or symbols): dragging one reshapes it. */
export function VertexHandles({ geometry, zoom, onMoved }: { geometry: Geometry; zoom: number; onMoved: (ring: number, index: number, to: Point) => void }) {
  const rings = [geometry.points, ...(geometry.openings ?? [])];
  return (
    <Group>
      {rings.map((ring, r) =>
        ring.map(([x, y], i) => (
          <Circle
            key={`${r}:${i}`}
            x={x}
            y={y}
            radius={6 / zoom}
            fill="#fff"
            stroke="#000"
            strokeWidth={1.5 / zoom}
            draggable
            onDragEnd={(e: Konva.KonvaEventObject<DragEvent>) => onMoved(r, i, [e.target.x(), e.target.y()])}
          />
        )),
      )}
    </Group>
  );
}
