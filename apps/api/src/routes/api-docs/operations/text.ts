// The words every area's operations share.

export interface OperationText {
  summary: string;
  description: string;
}

export const ACCOUNT =
  'The `{id}` is the signed-in account (or the API token’s, see `GET /api/token`); another account’s id answers 404.';

/** The compatible calls: a personal API token in either header, from any origin. */
export const COMPAT =
  'For password managers’ username generators: a personal API token as `Authorization: Bearer …` or `Authentication: …` (a session cookie is refused), any origin (CORS), failures as `{error, message}`.';
export const PREFLIGHT: OperationText = {
  summary: 'CORS preflight',
  description:
    'Lets a page of any origin send the call with `Authorization` or `Authentication` and `Content-Type`; no credentials.',
};
