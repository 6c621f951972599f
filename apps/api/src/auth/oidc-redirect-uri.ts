import type { Request } from 'express';

export const OIDC_CALLBACK_PATH = '/api/auth/google/callback';

/**
 * The redirect URI the issuer sends people back to; register exactly this with the issuer.
 * PUBLIC_URL when set; otherwise the request's own protocol and host (behind a proxy, with
 * TRUST_PROXY, the forwarded ones).
 */
export function oidcRedirectUri(request: Request, publicUrl: string | undefined): string {
  const origin = publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}${OIDC_CALLBACK_PATH}`;
}
