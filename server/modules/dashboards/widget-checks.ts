import type { AccessProfile } from '../../../permissions/index.js';
import { DASHBOARD_MESSAGES, isFigureWidget, WIDGET_CONFIGURATIONS, type WidgetType } from '../../../resources/dashboard.js';
import { checkFigureQuery, type FigureQuery } from '../../../resources/figures.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { mayAsk } from './default-dashboards.js';

/**
 * A widget's configuration checked against its type (WIDGET_CONFIGURATIONS) and, for figures, against
 * the model's declaration (checkFigureQuery): a 400 naming the field. The viewer must be allowed to
 * ask what it shows (its source, layer or kinds): a widget no one who made it may read is a 403.
 * Answers the configuration as stored, defaults filled in.
 */
export function checkConfiguration(profile: AccessProfile, type: WidgetType, configuration: Record<string, unknown>): Record<string, unknown> {
  const parsed = WIDGET_CONFIGURATIONS[type].safeParse(configuration);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: ['configuration', ...i.path].join('.'), message: i.message }));
    throw badRequest(`${details[0]!.field}: ${DASHBOARD_MESSAGES.configuration} (${details[0]!.message})`, details);
  }
  const stored = parsed.data as Record<string, unknown>;
  if (isFigureWidget(type)) {
    const problem = checkFigureQuery(stored.query as FigureQuery);
    if (problem) {
      const field = `configuration.query.${problem.field}`;
      throw badRequest(`${field}: ${problem.message}`, [{ field, message: problem.message }]);
    }
  }
  if (!mayAsk(profile, type, stored)) throw forbidden('Your role may not see what this widget shows');
  return stored;
}
