import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useInvalidateAuthStore } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onApiError, type ApiError } from '../api/http';
import { clearToken } from '../auth/token-store';

/**
 * The generic error dialog of spec 02 §8, fed by every failed API call that is not handled inline.
 * A 401 instead ends the session and sends the user to login with returnTo.
 */
export function ErrorDialog() {
  const [error, setError] = useState<ApiError | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const refreshSession = useInvalidateAuthStore();

  useEffect(
    () =>
      onApiError((err) => {
        if (err.statusCode === 401) {
          clearToken();
          void refreshSession();
          const here = `${location.pathname}${location.search}`;
          navigate(`/login?returnTo=${encodeURIComponent(here)}`, { replace: true });
          return;
        }
        setError(err);
      }),
    [navigate, location, refreshSession],
  );

  if (!error) return null;
  return (
    <Dialog open onClose={() => setError(null)} aria-labelledby="error-dialog-title" slotProps={{ paper: { sx: { bgcolor: '#fde7ef' } } }}>
      <DialogTitle id="error-dialog-title">{error.statusCode ? `Error ${error.statusCode}` : 'Error'}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{error.message}</Typography>
        <Typography variant="body2" color="text.secondary">
          While trying to perform request "{error.url}"
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setError(null)} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
