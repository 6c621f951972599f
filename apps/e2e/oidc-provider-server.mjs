// A real OpenID Connect issuer (oidc-provider) for the end-to-end tests, standing in for Google:
// its development login and consent pages are what a person sees at the issuer.
//   node apps/e2e/oidc-provider-server.mjs
// OIDC_E2E_PORT (3199), OIDC_E2E_CLIENT_ID / OIDC_E2E_CLIENT_SECRET and OIDC_E2E_REDIRECT_URI
// (the app's callback) must match what the API under test is given (playwright.config.ts).
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_E2E_PORT ?? 3199);
const issuer = `http://127.0.0.1:${port}`;
const client = {
  client_id: process.env.OIDC_E2E_CLIENT_ID ?? 'aide-e2e',
  client_secret: process.env.OIDC_E2E_CLIENT_SECRET ?? 'aide-e2e-client-secret',
  redirect_uris: [process.env.OIDC_E2E_REDIRECT_URI ?? 'http://127.0.0.1:3100/api/auth/google/callback'],
  grant_types: ['authorization_code'],
  response_types: ['code'],
};

/** The one person at this issuer; sign in by typing the email (any password). */
const ACCOUNTS = [
  {
    email: 'ada@oidc.example',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
  },
];

const provider = new Provider(issuer, {
  clients: [client],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
  cookies: { keys: ['aide e2e issuer cookie key'] },
  pkce: { required: () => true },
  ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  features: { devInteractions: { enabled: true } },
  // devInteractions make whatever is typed as the login the account id; it is the subject too.
  async findAccount(_ctx, id) {
    const account = ACCOUNTS.find((a) => a.email === id);
    return account && { accountId: id, claims: () => ({ ...account, sub: id }) };
  },
});

provider.listen(port, '127.0.0.1', () => console.log(`OpenID Connect test issuer at ${issuer}`));

const stop = () => process.exit(0);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
