import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { FigureAnswer, FigureRow } from '../../../../resources/figures';
import { formatFigure } from '../figure-format';

export interface ChartProps {
  answer: FigureAnswer;
  width: number;
  height: number;
  /** A bar, point or slice clicked: the rows behind it. */
  onPick?: (row: FigureRow) => void;
}

// Room for "1,000,000" beside the axis.
const Y_AXIS_WIDTH = 72;

// Number() only draws the bar; the tooltip shows the exact value.
const values = (answer: FigureAnswer) => answer.rows.map((r) => Number(r.value));
const labels = (answer: FigureAnswer) => answer.rows.map((r) => r.label);

export function BarFigure({ answer, width, height, onPick }: ChartProps) {
  return (
    <BarChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'band', data: labels(answer) }]}
      yAxis={[{ width: Y_AXIS_WIDTH }]}
      series={[{ data: values(answer), valueFormatter: (_v, { dataIndex }) => formatFigure(answer.rows[dataIndex]!.value, answer.unit) }]}
      onItemClick={onPick ? (_e, item) => onPick(answer.rows[item.dataIndex]!) : undefined}
      hideLegend
    />
  );
}

export function LineFigure({ answer, width, height, onPick }: ChartProps) {
  return (
    <LineChart
      width={width}
      height={height}
      xAxis={[{ scaleType: 'point', data: labels(answer) }]}
      yAxis={[{ width: Y_AXIS_WIDTH }]}
      series={[{ data: values(answer), valueFormatter: (_v, { dataIndex }) => formatFigure(answer.rows[dataIndex]!.value, answer.unit) }]}
      onMarkClick={onPick ? (_e, item) => item.dataIndex !== undefined && onPick(answer.rows[item.dataIndex]!) : undefined}
      hideLegend
    />
  );
}

export function PieFigure({ answer, width, height, onPick }: ChartProps) {
  return (
    <PieChart
      width={width}
      height={height}
      series={[
        {
          data: answer.rows.map((r, i) => ({ id: i, value: Number(r.value), label: r.label })),
          valueFormatter: (_v, { dataIndex }) => formatFigure(answer.rows[dataIndex]!.value, answer.unit),
          innerRadius: 30,
        },
      ]}
      onItemClick={onPick ? (_e, item) => onPick(answer.rows[item.dataIndex]!) : undefined}
    />
  );
}
