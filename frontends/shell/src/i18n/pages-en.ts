/**
 * The shell's lazily loaded pages in English (issue 19): sign in, sign up and password reset,
 * how it works, about, contact and the terms, by message id, in ICU MessageFormat. Downloaded
 * with those pages, not with the landing page.
 */
export const pagesEn = {
  'pages.loading': 'Loading page…',
  'pages.backToHome': 'Back to Home',
  'pages.backToSignIn': '← Back to Sign In',
  'pages.email': 'Email',
  'pages.password': 'Password',
  'pages.passwordHint': 'At least 6 characters, with an uppercase letter, a number and a special character.',
  'pages.requestNewCode': 'Request a new code',

  'pages.auth.checkingSession': 'Checking your session…',
  'pages.auth.backHome': '← Back to Home',
  'pages.auth.signIn.title': 'Sign in',
  'pages.auth.signIn.lead': 'Welcome back. Sign in to manage your orders and payouts.',
  'pages.auth.signUp.title': 'Create your account',
  'pages.auth.signUp.lead': 'Start selling with escrow protection. It takes a minute.',
  'pages.auth.reset.title': 'Reset your password',
  'pages.auth.reset.lead': 'Enter your account email and we will send you a 6-digit code.',
  'pages.auth.signingIn': 'Signing in…',
  'pages.auth.creatingAccount': 'Creating account…',
  'pages.auth.sendingCode': 'Sending code…',
  'pages.auth.signInButton': 'Sign In',
  'pages.auth.createAccount': 'Create Account',
  'pages.auth.sendResetCode': 'Send Reset Code',
  'pages.auth.forgotPassword': 'Forgot password?',
  'pages.auth.noAccount': "Don't have an account? Sign up",
  'pages.auth.haveAccount': 'Already have an account? Sign in',
  'pages.auth.backToSignIn': 'Back to Sign In',
  'pages.auth.google': 'Continue with Google',

  'pages.verify.title': 'Enter your reset code',
  'pages.verify.sentTo': 'We sent a 6-digit code to <0>{email}</0> if it belongs to an account. It works for 15 minutes.',
  'pages.verify.noEmail': 'This link is missing your email address.',
  'pages.verify.code': '6-digit code',
  'pages.verify.verifying': 'Verifying…',
  'pages.verify.submit': 'Verify Code',

  'pages.newPassword.title': 'Set a new password',
  'pages.newPassword.for': 'For <0>{email}</0>. Every device signed in to this account will be signed out.',
  'pages.newPassword.password': 'New password',
  'pages.newPassword.confirm': 'Confirm new password',
  'pages.newPassword.resetting': 'Resetting…',
  'pages.newPassword.submit': 'Reset Password',
} as const;

export type PagesMessageId = keyof typeof pagesEn;
