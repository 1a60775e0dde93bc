import type { Widget } from '../../../../resources/dashboard';
import { AttentionWidget } from './AttentionWidget';
import { FigureWidget } from './FigureWidget';
import { MapWidget } from './MapWidget';
import { PlaceholderWidget } from './PlaceholderWidget';
import type { WidgetSource } from './widget-source';

/** The widget's content by its type. */
export function WidgetBody({ widget, source, width, height }: { widget: Widget; source: WidgetSource; width: number; height: number }) {
  switch (widget.type) {
    case 'map':
      return <MapWidget widget={widget} source={source} />;
    case 'attention':
      return <AttentionWidget widget={widget} source={source} />;
    case 'placeholder':
      return <PlaceholderWidget widget={widget} />;
    default:
      return <FigureWidget widget={widget} source={source} width={width} height={height} />;
  }
}
