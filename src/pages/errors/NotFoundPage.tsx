import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="h1" fontWeight={800} color="primary">
          404
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom>
          Sorry but we could not find the page you are looking for
        </Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ mt: 2 }}>
          Back to the app
        </Button>
      </Box>
    </Box>
  );
}
