import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { homeFor } from '../../../permissions';
import { startSessionWith } from '../../auth/sign-in';
import { invitationTarget, useAfterLogin } from '../../routing/useAfterLogin';
import { takeLoginNotice } from '../../session/login-notice';
import { useSession } from '../../session/useSession';
import { LoadingView } from '../../shell/LoadingView';
import { AuthLayout } from './AuthLayout';
import { isAvailable } from '../../shell/available-screens';

export function LoginPage() {
  const [params] = useSearchParams();
  const { user, profile, loading } = useSession();
  const afterLogin = useAfterLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [unauthorized, setUnauthorized] = useState(false);

  useEffect(() => setNotice(takeLoginNotice()), []);

  if (loading) return <LoadingView />;
  // Already signed in: to the dashboard, whose own rules send on whoever may not open it (spec 01 §2);
  // an invitation link opened while signed in goes straight to its accept page.
  if (user && !submitting && !unauthorized) return <Navigate to={invitationTarget(params) ?? '/dashboard'} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const signedIn = await startSessionWith('/users/login', { email, password, remember });
      const outcome = await afterLogin(signedIn, params);
      if (outcome === 'unauthorized') {
        setUnauthorized(true);
        setSubmitting(false);
      }
    } catch (err) {
      setError(`Error: ${(err as Error).message}`);
      setSubmitting(false);
    }
  };

  if (unauthorized) {
    return (
      <AuthLayout title="Unauthorized">
        <Alert severity="warning" sx={{ mb: 2 }}>
          Unauthorized
        </Alert>
        <Button component={RouterLink} to={`/${homeFor(profile, isAvailable)}`} variant="contained" fullWidth>
          Continue
        </Button>
      </AuthLayout>
    );
  }
  if (submitting) return <LoadingView label="Logging in" />;

  return (
    <AuthLayout title="Sign in to your account">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {notice && <Alert severity="info">{notice}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
            fullWidth
          />
          <TextField
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      onClick={() => setShowPassword((v) => !v)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack direction="row" alignItems="center" justifyContent="space-between">
            <FormControlLabel
              control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
              label="Remember me"
            />
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              Forgot password?
            </Link>
          </Stack>
          <Button type="submit" variant="contained" size="large" disabled={!email || !password} fullWidth>
            Login
          </Button>
          <Link component={RouterLink} to={`/register/account${params.size ? `?${params}` : ''}`} variant="body2" textAlign="center">
            Don't have an account? Register
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
