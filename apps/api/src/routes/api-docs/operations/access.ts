import type { OperationText } from './text';

export const ACCESS: Record<string, OperationText> = {
  // ---- Start-up, sign-in and access ----
  'GET /api/init': {
    summary: 'Start-up data of the web app',
    description:
      'The mail domain, the catalogue of packages and sources, and the publishable billing key: what the web app needs before anything else.',
  },
  'POST /api/login': {
    summary: 'Sign in with username and password',
    description:
      'Starts a session (the session cookie). With a second factor on, the first answer is `otp_required` with the methods; send the code in `otp` with the password again.',
  },
  'POST /api/logout': { summary: 'Sign out', description: 'Ends the current session and clears its cookie.' },
  'GET /api/authenticate': {
    summary: 'The signed-in user',
    description: 'The account of the session, renewing its sliding expiry; 401 when signed out.',
  },
  'GET /api/authentication_silent': {
    summary: 'The signed-in user, if any',
    description: 'Like `GET /api/authenticate`, but answers 200 with no user when signed out (public pages ask this).',
  },
  'GET /api/redeem/:code': {
    summary: 'Open an invitation link',
    description: 'Checks the invitation code from a redeem link and signs the invitee in to finish registration.',
  },
  'PUT /api/register': {
    summary: 'Finish registration',
    description: 'Sets the username, name and password of the account an invitation opened.',
  },
  'POST /api/reset': {
    summary: 'Ask for a password reset link',
    description: 'Mails a reset link to the address if an account has it; the answer is the same either way.',
  },
  'PUT /api/reset/:code': {
    summary: 'Set a new password with a reset link',
    description:
      'Sets the password with the code of a reset link, ends every session, API token, passkey added in the last few minutes and other reset link, and signs in.',
  },
  'GET /api/reset/:code/passkeys': {
    summary: 'Passkeys of a reset link',
    description: 'The passkeys of the account of a live reset code, so the owner can remove one they do not know.',
  },
  'DELETE /api/reset/:code/passkeys/:passkeyId': {
    summary: 'Remove a passkey with a reset link',
    description: 'Removes one passkey of the account of a live reset code; answers the passkeys left.',
  },
  'POST /api/login/passkey/options': {
    summary: 'Begin a passkey sign-in',
    description: 'The WebAuthn challenge for signing in with a passkey.',
  },
  'POST /api/login/passkey': {
    summary: 'Sign in with a passkey',
    description: 'Verifies the WebAuthn assertion for the challenge and starts a session.',
  },
};
