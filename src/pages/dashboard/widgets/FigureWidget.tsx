import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { FigureWidgetConfiguration, Widget } from '../../../../resources/dashboard';
import { TIME_DIMENSIONS, type FigureAnswer } from '../../../../resources/figures';
import { KpiWidget } from './KpiWidget';
import { TableWidget } from './TableWidget';
import { useLoaded } from './useLoaded';
import type { WidgetSource } from './widget-source';
import { WidgetStates } from './WidgetStates';

// @mui/x-charts comes with the first chart drawn, not with the page.
const BarFigure = lazy(() => import('./charts').then((m) => ({ default: m.BarFigure })));
const LineFigure = lazy(() => import('./charts').then((m) => ({ default: m.LineFigure })));
const PieFigure = lazy(() => import('./charts').then((m) => ({ default: m.PieFigure })));

const isEmpty = (type: Widget['type']) => (a: FigureAnswer) => (type === 'kpi' ? false : a.rows.length === 0);

/** A figure widget: asks its question and draws the answer as its type (or a chart's configured kind) says. */
export function FigureWidget({ widget, source, width, height }: { widget: Widget; source: WidgetSource; width: number; height: number }) {
  const loaded = useLoaded((signal) => source.figures(widget, signal), source.keyOf(widget));
  const configuration = widget.configuration as FigureWidgetConfiguration;
  const onPick = source.opener(widget) ?? undefined;
  const kind = widget.type === 'chart' ? (configuration.chart ?? 'bar') : widget.type;
  return (
    <WidgetStates loaded={loaded} isEmpty={isEmpty(widget.type)}>
      {(answer) =>
        kind === 'kpi' ? (
          <KpiWidget answer={answer} onOpen={onPick && (() => onPick())} />
        ) : kind === 'table' ? (
          <TableWidget answer={answer} onPick={onPick} timeGroups={!!configuration.query.groupBy && TIME_DIMENSIONS.includes(configuration.query.groupBy)} />
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height="100%" />}>
            {kind === 'line' ? (
              <LineFigure answer={answer} width={width} height={height} onPick={onPick} />
            ) : kind === 'pie' ? (
              <PieFigure answer={answer} width={width} height={height} onPick={onPick} />
            ) : (
              <BarFigure answer={answer} width={width} height={height} onPick={onPick} />
            )}
          </Suspense>
        )
      }
    </WidgetStates>
  );
}
