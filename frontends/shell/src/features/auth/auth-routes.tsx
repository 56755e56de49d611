import { lazy } from 'react';
import { RemoteRoute } from '../../remotes/remote-route.tsx';

// Loaded on first visit only: the forms pull in the shared validation (zod), which public
// pages must not pay for.
const AuthPage = lazy(() => import('./auth-page.tsx'));
const VerifyResetCodePage = lazy(() => import('./verify-reset-code-page.tsx'));
const ResetPasswordPage = lazy(() => import('./reset-password-page.tsx'));

export const AuthRoute = () => (
  <RemoteRoute>
    <AuthPage />
  </RemoteRoute>
);

export const VerifyResetCodeRoute = () => (
  <RemoteRoute>
    <VerifyResetCodePage />
  </RemoteRoute>
);

export const ResetPasswordRoute = () => (
  <RemoteRoute>
    <ResetPasswordPage />
  </RemoteRoute>
);
