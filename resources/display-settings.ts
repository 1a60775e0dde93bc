import { z } from 'zod';

/** The display settings of spec 01 §2 and §9: theme, layout style and its options. */
export const THEMES = ['default', 'sunset', 'greeny', 'beach', 'tech', 'sweetHues', 'defaultDark', 'deepOcean', 'slate'] as const;
export type ThemeName = (typeof THEMES)[number];

export const THEME_LABELS: Record<ThemeName, string> = {
  default: 'Default',
  sunset: 'Sunset',
  greeny: 'Greeny',
  beach: 'Beach',
  tech: 'Tech',
  sweetHues: 'Sweet Hues',
  defaultDark: 'Default Dark',
  deepOcean: 'Deep Ocean',
  slate: 'Slate',
};

/** layout1 is the vertical layout; layout2 and layout3 are the two horizontal ones. */
export const LAYOUT_STYLES = ['layout1', 'layout2', 'layout3'] as const;
export type LayoutStyle = (typeof LAYOUT_STYLES)[number];

export const LAYOUT_LABELS: Record<LayoutStyle, string> = {
  layout1: 'Vertical: navigation on the side',
  layout2: 'Horizontal: navigation below the toolbar',
  layout3: 'Horizontal: navigation above the toolbar',
};

const shade = z.enum(['dark', 'light']);

export const layoutSettings = z
  .object({
    style: z.enum(LAYOUT_STYLES),
    /** Full width, or the page boxed to a readable width. */
    mode: z.enum(['fullwidth', 'boxed']),
    navbar: shade,
    toolbar: shade,
    customScrollbars: z.boolean(),
    /** The vertical layout's navbar as icons only (64 px), opening over the page on hover or focus. */
    navbarFolded: z.boolean(),
  })
  .partial()
  .strict();

export const displaySettings = z.object({ theme: z.enum(THEMES), layout: layoutSettings }).partial().strict();
export type DisplaySettings = z.infer<typeof displaySettings>;

/** The default look of spec 01 §9: theme 'default', layout1, dark navbar (unfolded), light toolbar, custom scrollbars. */
export const DEFAULT_DISPLAY = {
  theme: 'default',
  layout: { style: 'layout1', mode: 'fullwidth', navbar: 'dark', toolbar: 'light', customScrollbars: true, navbarFolded: false },
} as const satisfies DisplaySettings;

export type FullDisplaySettings = { theme: ThemeName; layout: Required<z.infer<typeof layoutSettings>> };

/** The stored settings over the defaults, ignoring anything no longer valid. */
export function resolveDisplay(settings: unknown): FullDisplaySettings {
  const parsed = displaySettings.safeParse(settings && typeof settings === 'object' ? pickDisplay(settings as Record<string, unknown>) : {});
  const given = parsed.success ? parsed.data : {};
  return { theme: given.theme ?? DEFAULT_DISPLAY.theme, layout: { ...DEFAULT_DISPLAY.layout, ...given.layout } };
}

const pickDisplay = (s: Record<string, unknown>) => ({ theme: s.theme, layout: s.layout });
