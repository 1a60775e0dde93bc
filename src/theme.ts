import { resolveDisplay } from '../resources/display-settings';
import { buildTheme } from './shell/display-theme';

/** Default look of spec 01 §9 (dark navbar, light toolbar), for pages shown before anyone signs in. */
export const theme = buildTheme(resolveDisplay(undefined));

export const NAVBAR_WIDTH = 280;
