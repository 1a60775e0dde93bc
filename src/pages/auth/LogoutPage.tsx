import { Box, CircularProgress, Typography } from '@mui/material';
import { useLogout } from '@refinedev/core';
import { useEffect, useRef } from 'react';

export function LogoutPage() {
  const { mutate: logout } = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout();
  }, [logout]);
  return (
    <Box role="status" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}>
      <Box>
        <CircularProgress />
        <Typography sx={{ mt: 2 }}>Logging out..</Typography>
      </Box>
    </Box>
  );
}
