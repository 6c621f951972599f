import type { Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { SocialPlatform } from '@aide/contracts';
import { envSchema, type Env } from '../../config/env.schema';
import { FacebookConnector } from './facebook.connector';
import { InstagramConnector } from './instagram.connector';
import { LinkedInConnector } from './linkedin.connector';
import { SOCIAL_CONNECTORS, type SocialConnector, type SocialConnectors } from './social-connector';
import type { SocialOAuthClient } from './social-oauth';
import { TwitterConnector } from './twitter.connector';

const SOCIAL_ENV_KEYS = [
  'TWITTER_CLIENT_ID',
  'TWITTER_CLIENT_SECRET',
  'TWITTER_API_URL',
  'TWITTER_AUTHORIZE_URL',
  'LINKEDIN_CLIENT_ID',
  'LINKEDIN_CLIENT_SECRET',
  'LINKEDIN_API_URL',
  'LINKEDIN_OAUTH_URL',
  'LINKEDIN_API_VERSION',
  'FACEBOOK_CLIENT_ID',
  'FACEBOOK_CLIENT_SECRET',
  'FACEBOOK_GRAPH_URL',
  'FACEBOOK_AUTHORIZE_URL',
] as const satisfies readonly (keyof Env)[];

/** The settings the connectors are built from. */
export type SocialEnv = Pick<Env, (typeof SOCIAL_ENV_KEYS)[number]>;

const socialEnvSchema = envSchema.pick(
  Object.fromEntries(SOCIAL_ENV_KEYS.map((key) => [key, true])) as { [K in (typeof SOCIAL_ENV_KEYS)[number]]: true },
);

/** SocialEnv from raw variables, the app's defaults applied and blanks counting as unset (as parseEnv does); throws when one is invalid. */
export function parseSocialEnv(source: Record<string, string | undefined>): SocialEnv {
  const present = Object.fromEntries(
    SOCIAL_ENV_KEYS.map((key) => [key, source[key]?.trim() ? source[key] : undefined]),
  );
  return socialEnvSchema.parse(present);
}

/** SocialEnv from Nest's validated configuration. */
export function socialEnvFromConfig(config: ConfigService<Env, true>): SocialEnv {
  return Object.fromEntries(SOCIAL_ENV_KEYS.map((key) => [key, config.get(key, { infer: true })])) as SocialEnv;
}

/** How the connectors' messages name the platforms. */
const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  twitter: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** The Meta app: Facebook pages and Instagram business accounts both sign in through it. */
const clientOf = (env: SocialEnv, platform: SocialPlatform): { clientId?: string; clientSecret?: string } => {
  switch (platform) {
    case 'twitter':
      return { clientId: env.TWITTER_CLIENT_ID, clientSecret: env.TWITTER_CLIENT_SECRET };
    case 'linkedin':
      return { clientId: env.LINKEDIN_CLIENT_ID, clientSecret: env.LINKEDIN_CLIENT_SECRET };
    case 'facebook':
    case 'instagram':
      return { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET };
  }
};

/** The four connectors, each pointed at its platform's base URLs (local fakes in tests). */
export function buildSocialConnectors(env: SocialEnv): SocialConnectors {
  const meta = {
    graphUrl: env.FACEBOOK_GRAPH_URL,
    authorizeUrl: env.FACEBOOK_AUTHORIZE_URL,
    clientId: env.FACEBOOK_CLIENT_ID,
    clientSecret: env.FACEBOOK_CLIENT_SECRET,
  };
  const connectors: SocialConnector[] = [
    new TwitterConnector({ apiUrl: env.TWITTER_API_URL, authorizeUrl: env.TWITTER_AUTHORIZE_URL }),
    new LinkedInConnector({
      apiUrl: env.LINKEDIN_API_URL,
      oauthUrl: env.LINKEDIN_OAUTH_URL,
      apiVersion: env.LINKEDIN_API_VERSION,
    }),
    new FacebookConnector(meta),
    new InstagramConnector(meta),
  ];
  return new Map(connectors.map((connector) => [connector.platform, connector]));
}

/** Whether the server has the platform's OAuth client (id and secret); Instagram uses the Facebook app's. */
export function isSocialPlatformConfigured(env: SocialEnv, platform: SocialPlatform): boolean {
  const { clientId, clientSecret } = clientOf(env, platform);
  return Boolean(clientId && clientSecret);
}

/** The client for the platform's token requests (exchangeSocialCode, refreshSocialTokens), or undefined when not configured. */
export function socialOAuthClient(
  env: SocialEnv,
  platform: SocialPlatform,
  connectors: SocialConnectors = buildSocialConnectors(env),
): SocialOAuthClient | undefined {
  const { clientId, clientSecret } = clientOf(env, platform);
  const connector = connectors.get(platform);
  if (!clientId || !clientSecret || !connector) return undefined;
  return {
    label: PLATFORM_LABELS[platform],
    tokenUrl: connector.oauth.tokenUrl,
    clientAuth: connector.oauth.clientAuth,
    clientId,
    clientSecret,
  };
}

/** SOCIAL_CONNECTORS for Nest: built once from the environment. */
export const socialConnectorsProvider: Provider = {
  provide: SOCIAL_CONNECTORS,
  inject: [ConfigService],
  useFactory: (config: ConfigService<Env, true>): SocialConnectors =>
    buildSocialConnectors(socialEnvFromConfig(config)),
};
