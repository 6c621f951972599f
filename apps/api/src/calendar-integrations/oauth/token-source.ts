import { ProviderHttpError } from '../providers/http-json';
import { type OAuthClientConfig, type OAuthTokens, refreshTokens } from '../../common/oauth/oauth-tokens';

/** Refresh this long before the stated expiry, so a token does not expire mid-request. */
const EARLY_MS = 60_000;

/**
 * An access token that refreshes itself: before expiry, and once more when the provider still
 * answers 401. New tokens go to `persist` (stored encrypted) so the next sync starts with them.
 */
export class TokenSource {
  constructor(
    private tokens: OAuthTokens,
    private readonly config: OAuthClientConfig,
    private readonly persist: (tokens: OAuthTokens) => Promise<void>,
    private readonly scope?: string,
  ) {}

  async withToken<T>(call: (token: string) => Promise<T>): Promise<T> {
    if (this.tokens.expiresAt !== null && this.tokens.expiresAt - EARLY_MS <= Date.now()) await this.refresh();
    try {
      return await call(this.tokens.accessToken);
    } catch (error) {
      if (!(error instanceof ProviderHttpError && error.status === 401)) throw error;
      await this.refresh();
      return call(this.tokens.accessToken);
    }
  }

  private async refresh(): Promise<void> {
    this.tokens = await refreshTokens(this.config, this.tokens, this.scope);
    await this.persist(this.tokens);
  }
}
