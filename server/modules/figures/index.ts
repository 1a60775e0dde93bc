import { figuresData } from './operations/figures-data.js';
import { figuresMapping } from './operations/figures-mapping.js';

/** The figures model (spec 02 §7 advanced-filter, issue 18): one question, and what can be asked. */
export const figureRoutes = [figuresData, figuresMapping];
