import { formatScaled, mulDivRound, parseScaled } from '../../../resources/money.js';
import type { FigureAnswer, FigureDimension, FigureFilter, FigureQuery, FigureSource } from '../../../resources/figures.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { figureScopeFor } from '../figures/figure-scope.js';
import { cachedFigures, type FigureScope } from '../figures/figures-service.js';

/**
 * A report's questions to the figures model: the very calls a dashboard widget makes
 * (cachedFigures, the viewer's scope), so a report and a widget asked the same never disagree.
 */
export interface ReportFigures {
  scope: FigureScope;
  ask(source: FigureSource, measure: FigureQuery['measure'], groupBy: FigureDimension | undefined, filters: FigureFilter[], range?: { from: string; to: string }): Promise<FigureAnswer>;
}

export async function reportFigures(services: Services, actor: Actor): Promise<ReportFigures> {
  const scope = await figureScopeFor(services.db, actor);
  return {
    scope,
    ask: (source, measure, groupBy, filters, range) => cachedFigures(services, scope, { source, measure, groupBy, filters, ...(range ? { range } : {}) }),
  };
}

/** A figure answer's rows by key. */
export const byKey = (answer: FigureAnswer) => new Map(answer.rows.map((r) => [String(r.key), r]));

/** part / whole as a percent with 2 decimals, rounded half up, exactly; null of nothing. */
export function percentOf(part: string, whole: string, scale: number): number | null {
  const p = parseScaled(part, scale);
  const w = parseScaled(whole, scale);
  if (p === null || w === null || w === 0n) return null;
  return Number(formatScaled(mulDivRound(p, 10_000n, w), 2));
}
