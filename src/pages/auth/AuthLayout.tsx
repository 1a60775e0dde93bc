import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const TAGLINE = 'Focus on the job. Fieldwork takes care of the rest.';

/** Authentication screens: no navbar, toolbar or side panels (spec 01 §2). */
export function AuthLayout({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1b2433 0%, #1f5fbf 100%)',
      }}
    >
      <Paper elevation={6} sx={{ width: '100%', maxWidth: wide ? 640 : 420, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="p" fontWeight={800} color="primary" gutterBottom>
          Fieldwork
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {TAGLINE}
        </Typography>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
