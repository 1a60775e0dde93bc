import { Box } from '@mui/material';

/** A category's or item's colour as a small square; an outlined empty one when there is none. */
export function ColorSwatch({ color, size = 14 }: { color: string | null | undefined; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: 0.75,
        bgcolor: color || 'transparent',
        border: 1,
        borderColor: color ? 'rgba(0,0,0,.2)' : 'divider',
        borderStyle: color ? 'solid' : 'dashed',
      }}
    />
  );
}
