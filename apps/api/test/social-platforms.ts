import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One loopback server speaking the four social platforms' documented APIs, as far as Aide uses
 * them, for jest and Playwright alike (plain node:http, no test-runner imports). Each platform has
 * its own path prefix, which `env` turns into the API's settings:
 *
 * - X (`/x`): GET /i/oauth2/authorize (PKCE required), POST /2/oauth2/token (HTTP Basic client
 *   auth; authorization_code with code_verifier, refresh_token, which rotates), GET /2/users/me,
 *   POST /2/tweets (201; duplicate text answers 403), GET /2/tweets?ids=…&tweet.fields=public_metrics
 *   (unknown ids in `errors`). Errors are problem details ({ title, detail, type, status }).
 * - LinkedIn (`/linkedin`): GET /oauth/v2/authorization, POST /oauth/v2/accessToken (client in the
 *   body), GET /v2/userinfo, POST /rest/posts (LinkedIn-Version and X-Restli-Protocol-Version
 *   required; 201 with the URN in x-restli-id), GET /rest/socialActions/{urn}. Errors: { status, message }.
 * - Meta (`/facebook` dialog, `/graph/v21.0` Graph API), shared by Facebook and Instagram:
 *   GET /dialog/oauth, GET|POST /oauth/access_token (authorization_code; fb_exchange_token for a
 *   long-lived user token; no refresh_token grant, as on Meta), GET /me/accounts (fields honoured),
 *   POST /{page-id}/feed and /{page-id}/photos (the Page's own token only), POST /{ig-user-id}/media
 *   and /media_publish, GET /{id}?fields=…, GET /{id}/insights?metric=…. Errors:
 *   { error: { message, type, code, error_subcode, fbtrace_id } }; a bad token is 400 with code 190.
 *
 * Every API call needs a token the server issued (OAuth, or `issueToken` for tests that skip the
 * sign-in); a wrong or revoked one answers the platform's own auth error.
 */

export type FakeSocialPlatform = 'twitter' | 'linkedin' | 'facebook' | 'instagram';
export const FAKE_SOCIAL_PLATFORMS: readonly FakeSocialPlatform[] = ['twitter', 'linkedin', 'facebook', 'instagram'];

/** Who signs in: X and LinkedIn have one account each; Meta one user with its Pages. */
type Realm = 'twitter' | 'linkedin' | 'meta';
const realmOf = (platform: FakeSocialPlatform): Realm =>
  platform === 'facebook' || platform === 'instagram' ? 'meta' : platform;

export interface SocialPlatformsOptions {
  /** 127.0.0.1 unless told. */
  host?: string;
  /** Any free port unless told. */
  port?: number;
}

export interface RecordedSocialRequest {
  platform: FakeSocialPlatform;
  method: string;
  /** Without the platform's prefix: '/2/tweets', '/rest/posts', '/104…/feed' (Graph: after the version). */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the form's fields; undefined when empty. */
  body: unknown;
  /** The access token the call carried (Bearer header, or Graph's access_token parameter). */
  token: string | null;
}

export interface FakePublishedPost {
  /** The platform's id: tweet id, post URN, {page}_{post}, Instagram media id. */
  id: string;
  /** The author: X user id, LinkedIn person URN, Page id, Instagram user id. */
  accountId: string;
  /** The text exactly as sent (LinkedIn: the little-text commentary). */
  text: string;
  imageUrl: string | null;
  /** The access token it was published with. */
  token: string;
  request: RecordedSocialRequest;
}

export interface FakeMetaPage {
  id: string;
  name: string;
  accessToken: string;
  /** The Instagram professional account linked to the Page, if any. */
  instagram: { id: string; username: string } | null;
}

export interface FakeTokenRequest {
  platform: FakeSocialPlatform;
  params: URLSearchParams;
  authorization: string | undefined;
}

/** Figures in Aide's terms; `setMetrics` takes each platform's own. */
export interface FakeEngagement {
  likes: number;
  shares: number;
  comments: number;
  reach: number;
}

export interface SocialPlatforms {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The API's settings pointing at this server, client ids and secrets included. */
  env: Record<string, string>;
  clients: Record<Realm, { clientId: string; clientSecret: string }>;
  twitterUser: { id: string; name: string; username: string };
  linkedinMember: { sub: string; name: string; given_name: string; family_name: string };
  metaUser: { id: string; name: string };
  /** The Pages the Meta user manages, in /me/accounts order; change freely (e.g. [] for none). */
  pages: FakeMetaPage[];
  published: Record<FakeSocialPlatform, FakePublishedPost[]>;
  /** Every API call (not the OAuth dialog or token endpoints), in order. */
  requests: RecordedSocialRequest[];
  tokenRequests: FakeTokenRequest[];
  /** Sets a post's figures, translated into the platform's own metrics. */
  setEngagement(platform: FakeSocialPlatform, externalId: string, figures: Partial<FakeEngagement>): void;
  /**
   * Sets a post's figures in the platform's own terms: X public_metrics (like_count, retweet_count,
   * quote_count, reply_count, impression_count); LinkedIn totalLikes, aggregatedTotalComments;
   * Facebook reactions, comments, shares, post_impressions_unique; Instagram like_count,
   * comments_count, reach. An insights metric left unset answers Graph's "not a valid metric" error.
   */
  setMetrics(platform: FakeSocialPlatform, externalId: string, metrics: Record<string, number>): void;
  /** The platform's next call (API or token endpoint) answers `status` with `body`, or the platform's own error shape. */
  failNext(platform: FakeSocialPlatform, status: number, body?: unknown): void;
  /** A valid access token, as if the user had just signed in (Meta: a short-lived user token). */
  issueToken(platform: FakeSocialPlatform): string;
  /** Every token of the platform stops working (Facebook and Instagram share Meta's, Page tokens included). */
  revokeTokens(platform: FakeSocialPlatform): void;
  /** Back to the start: no posts, no tokens, no queued failures, the default accounts. */
  reset(): void;
  close(): Promise<void>;
}

const GRAPH_VERSION = 'v21.0';
const REQUIRED_SCOPES: Record<Realm, string[]> = {
  twitter: ['tweet.read', 'tweet.write', 'users.read'],
  linkedin: ['w_member_social'],
  meta: ['pages_show_list'],
};

interface IssuedCode {
  realm: Realm;
  redirectUri: string;
  scope: string;
  challenge: string | null;
  method: string | null;
}

interface IssuedToken {
  realm: Realm;
  kind: 'user' | 'page';
  pageId?: string;
}

const random = (bytes = 18) => randomBytes(bytes).toString('base64url');
const fbtrace = () => randomBytes(8).toString('base64url');

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text) return undefined;
  if (contentType?.includes('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      return Symbol.for('invalid-json');
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Invalid Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Each platform's own error body for a status (what failNext sends when given none). */
function defaultError(platform: FakeSocialPlatform, status: number): unknown {
  const title = STATUS_TITLES[status] ?? `Error ${status}`;
  if (platform === 'twitter') return { title, detail: title, type: 'about:blank', status };
  if (platform === 'linkedin')
    return {
      status,
      message:
        status === 429 ? 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.' : title,
    };
  if (status === 401)
    return {
      error: {
        message: 'Error validating access token: Session has expired.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
        fbtrace_id: fbtrace(),
      },
    };
  if (status === 429)
    return {
      error: {
        message: '(#4) Application request limit reached',
        type: 'OAuthException',
        code: 4,
        is_transient: true,
        fbtrace_id: fbtrace(),
      },
    };
  if (status >= 500)
    return {
      error: {
        message: 'An unexpected error has occurred. Please retry your request later.',
        type: 'OAuthException',
        code: 2,
        is_transient: true,
        fbtrace_id: fbtrace(),
      },
    };
  return { error: { message: `(#100) ${title}`, type: 'OAuthException', code: 100, fbtrace_id: fbtrace() } };
}

function send(res: ServerResponse, status: number, json?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...(json !== undefined && { 'content-type': 'application/json' }), ...headers });
  res.end(json === undefined ? '' : JSON.stringify(json));
}

const graphError = (
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  extra: Record<string, unknown> = {},
) =>
  send(res, status, {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : code === 100 ? 'GraphMethodException' : 'OAuthException',
      code,
      ...extra,
      fbtrace_id: fbtrace(),
    },
  });

export async function startSocialPlatforms(options: SocialPlatformsOptions = {}): Promise<SocialPlatforms> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const refreshTokens = new Map<string, { realm: Realm; scope: string }>();
  const metrics = new Map<string, Record<string, number>>();
  const failures = new Map<FakeSocialPlatform, { status: number; body: unknown }[]>();
  /** Instagram containers: id → what publishing it will post. */
  const containers = new Map<string, { igUserId: string; imageUrl: string; caption: string; published: boolean }>();
  let sequence = 0;

  const key = (platform: FakeSocialPlatform, id: string) => `${platform}:${id}`;
  const defaultPages = (): FakeMetaPage[] => [
    {
      id: '104856378912345',
      name: 'Aide Test Page',
      accessToken: `EAAPage${random()}`,
      instagram: { id: '17841400000000001', username: 'aide.test' },
    },
  ];
  const registerPages = () => {
    for (const page of fake.pages) tokens.set(page.accessToken, { realm: 'meta', kind: 'page', pageId: page.id });
  };
  const issue = (realm: Realm) => {
    const token = realm === 'meta' ? `EAAUser${random()}` : `${realm}-access-${random()}`;
    tokens.set(token, { realm, kind: 'user' });
    return token;
  };

  const fake: SocialPlatforms = {
    origin: '',
    env: {},
    clients: {
      twitter: { clientId: 'x-client-id', clientSecret: 'x-client-secret' },
      linkedin: { clientId: 'linkedin-client-id', clientSecret: 'linkedin-client-secret' },
      meta: { clientId: '1234567890123456', clientSecret: 'meta-app-secret' },
    },
    twitterUser: { id: '1512345678901234567', name: 'Ada Lovelace', username: 'ada_writes' },
    linkedinMember: { sub: '782bbtaQ', name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' },
    metaUser: { id: '10158412345678901', name: 'Ada Lovelace' },
    pages: defaultPages(),
    published: { twitter: [], linkedin: [], facebook: [], instagram: [] },
    requests: [],
    tokenRequests: [],
    setMetrics(platform, externalId, values) {
      metrics.set(key(platform, externalId), { ...metrics.get(key(platform, externalId)), ...values });
    },
    setEngagement(platform, externalId, figures) {
      const { likes, shares, comments, reach } = figures;
      const defined = (entries: Record<string, number | undefined>) =>
        Object.fromEntries(
          Object.entries(entries).filter((entry): entry is [string, number] => entry[1] !== undefined),
        );
      const translated = {
        twitter: {
          like_count: likes,
          retweet_count: shares,
          quote_count: shares === undefined ? undefined : 0,
          reply_count: comments,
          impression_count: reach,
        },
        linkedin: { totalLikes: likes, aggregatedTotalComments: comments },
        facebook: { reactions: likes, shares, comments, post_impressions_unique: reach },
        instagram: { like_count: likes, comments_count: comments, reach },
      }[platform];
      fake.setMetrics(platform, externalId, defined(translated));
    },
    failNext(platform, status, body) {
      failures.set(platform, [
        ...(failures.get(platform) ?? []),
        { status, body: body ?? defaultError(platform, status) },
      ]);
    },
    issueToken: (platform) => issue(realmOf(platform)),
    revokeTokens(platform) {
      const realm = realmOf(platform);
      for (const [token, issued] of tokens) if (issued.realm === realm) tokens.delete(token);
      for (const [token, issued] of refreshTokens) if (issued.realm === realm) refreshTokens.delete(token);
      if (realm === 'meta') {
        for (const page of fake.pages) page.accessToken = `EAAPage${random()}`;
        registerPages();
      }
    },
    reset() {
      codes.clear();
      tokens.clear();
      refreshTokens.clear();
      metrics.clear();
      failures.clear();
      containers.clear();
      fake.requests.length = 0;
      fake.tokenRequests.length = 0;
      for (const platform of FAKE_SOCIAL_PLATFORMS) fake.published[platform] = [];
      fake.pages = defaultPages();
      registerPages();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  registerPages();

  /** The queued failure for the platform's next call, if any. */
  const takeFailure = (platform: FakeSocialPlatform) => failures.get(platform)?.shift();

  // ---- OAuth ----

  function authorize(realm: Realm, url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    const scopes = (q.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
    const problem =
      q.get('client_id') !== fake.clients[realm].clientId
        ? 'client_id is not a known app'
        : q.get('response_type') !== 'code'
          ? 'response_type must be code'
          : !redirectUri || !URL.canParse(redirectUri)
            ? 'redirect_uri is required'
            : REQUIRED_SCOPES[realm].some((scope) => !scopes.includes(scope))
              ? `scope must include ${REQUIRED_SCOPES[realm].join(' ')}`
              : realm === 'twitter' && !q.get('state')
                ? 'state is required'
                : realm === 'twitter' &&
                    (!q.get('code_challenge') || !['S256', 'plain'].includes(q.get('code_challenge_method') ?? ''))
                  ? 'code_challenge and code_challenge_method (S256 or plain) are required'
                  : null;
    if (problem) return send(res, 400, { error: 'invalid_request', error_description: problem });
    const code = `${realm}-code-${random()}`;
    codes.set(code, {
      realm,
      redirectUri: redirectUri!,
      scope: scopes.join(' '),
      challenge: q.get('code_challenge'),
      method: q.get('code_challenge_method'),
    });
    const back = new URL(redirectUri!);
    back.searchParams.set('code', code);
    if (q.has('state')) back.searchParams.set('state', q.get('state')!);
    send(res, 302, undefined, { location: back.href });
  }

  /** The token endpoints' refusals, in each platform's shape. */
  function tokenError(realm: Realm, res: ServerResponse, status: number, error: string, description: string) {
    if (realm === 'meta') return graphError(res, status, error === 'invalid_client' ? 1 : 100, description);
    send(res, status, { error, error_description: description });
  }

  async function token(
    realm: Realm,
    platform: FakeSocialPlatform,
    req: IncomingMessage,
    url: URL,
    res: ServerResponse,
  ) {
    const text = req.method === 'POST' ? await readBody(req) : '';
    const params = new URLSearchParams(url.search);
    for (const [name, value] of new URLSearchParams(text)) params.set(name, value);
    fake.tokenRequests.push({ platform, params, authorization: req.headers.authorization });
    const failure = takeFailure(platform);
    if (failure) return send(res, failure.status, failure.body);

    const client = fake.clients[realm];
    if (realm === 'twitter') {
      // A confidential client: HTTP Basic with the form-encoded id and secret.
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent) : [];
      if (id !== client.clientId || secret !== client.clientSecret)
        return tokenError(realm, res, 401, 'unauthorized_client', 'Missing valid authorization header');
    } else if (params.get('client_id') !== client.clientId || params.get('client_secret') !== client.clientSecret) {
      return realm === 'meta'
        ? graphError(res, 400, 1, 'Error validating client secret.')
        : tokenError(realm, res, 401, 'invalid_client', 'Client authentication failed');
    }

    const grant = params.get('grant_type');
    let scope: string;
    if (grant === 'authorization_code' || (realm === 'meta' && !grant && params.has('code'))) {
      const issued = codes.get(params.get('code') ?? '');
      codes.delete(params.get('code') ?? '');
      if (!issued || issued.realm !== realm)
        return tokenError(realm, res, 400, 'invalid_grant', 'The authorization code is invalid or was already used.');
      if (issued.redirectUri !== params.get('redirect_uri'))
        return tokenError(
          realm,
          res,
          400,
          'invalid_grant',
          'redirect_uri does not match the one in the authorization request.',
        );
      if (issued.challenge) {
        const verifier = params.get('code_verifier') ?? '';
        const expected =
          issued.method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
        if (!verifier || expected !== issued.challenge)
          return tokenError(realm, res, 400, 'invalid_request', 'Value passed for the code_verifier was invalid.');
      }
      scope = issued.scope;
    } else if (grant === 'refresh_token' && realm !== 'meta') {
      const refresh = refreshTokens.get(params.get('refresh_token') ?? '');
      if (!refresh || refresh.realm !== realm)
        return tokenError(
          realm,
          res,
          400,
          realm === 'twitter' ? 'invalid_request' : 'invalid_grant',
          'Value passed for the token was invalid.',
        );
      // X rotates the refresh token; LinkedIn keeps it.
      if (realm === 'twitter') refreshTokens.delete(params.get('refresh_token')!);
      scope = refresh.scope;
    } else if (grant === 'fb_exchange_token' && realm === 'meta') {
      const user = tokens.get(params.get('fb_exchange_token') ?? '');
      if (user?.realm !== 'meta' || user.kind !== 'user')
        return graphError(res, 400, 190, 'Error validating access token: The session has been invalidated.', {
          error_subcode: 460,
        });
      return send(res, 200, { access_token: issue('meta'), token_type: 'bearer', expires_in: 5183944 });
    } else {
      return tokenError(realm, res, 400, 'unsupported_grant_type', `grant_type ${grant ?? '(none)'} is not supported`);
    }

    const access = issue(realm);
    if (realm === 'meta') return send(res, 200, { access_token: access, token_type: 'bearer', expires_in: 5183 });
    // X gives a refresh token only with offline.access, and a new one each time; LinkedIn keeps its one.
    let refresh: string | undefined;
    if (realm === 'linkedin')
      refresh = grant === 'refresh_token' ? params.get('refresh_token')! : `linkedin-refresh-${random()}`;
    else if (scope.split(' ').includes('offline.access')) refresh = `twitter-refresh-${random()}`;
    if (refresh) refreshTokens.set(refresh, { realm, scope });
    if (realm === 'twitter')
      return send(res, 200, {
        token_type: 'bearer',
        expires_in: 7200,
        access_token: access,
        scope,
        ...(refresh && { refresh_token: refresh }),
      });
    return send(res, 200, {
      access_token: access,
      expires_in: 5184000,
      scope,
      refresh_token: refresh,
      refresh_token_expires_in: 31536000,
    });
  }

  // ---- X ----

  function handleTwitter(call: RecordedSocialRequest, res: ServerResponse) {
    const problem = (status: number, detail: string, type = 'about:blank') =>
      send(res, status, { title: STATUS_TITLES[status] ?? 'Error', detail, type, status });
    if (!call.token || tokens.get(call.token)?.realm !== 'twitter') return problem(401, 'Unauthorized');
    if (call.method === 'GET' && call.path === '/2/users/me') return send(res, 200, { data: fake.twitterUser });
    if (call.method === 'POST' && call.path === '/2/tweets') {
      const text = (call.body as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string' || !text.trim()) {
        return send(res, 400, {
          errors: [{ message: 'Post text is required' }],
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.twitter.com/2/problems/invalid-request',
        });
      }
      if ([...text].length > 280) return problem(403, 'Your Tweet text is too long.');
      if (fake.published.twitter.some((post) => post.text === text))
        return problem(403, 'You are not allowed to create a Tweet with duplicate content.');
      const id = String(1_800_000_000_000_000_000n + BigInt(++sequence));
      fake.published.twitter.push({
        id,
        accountId: fake.twitterUser.id,
        text,
        imageUrl: null,
        token: call.token,
        request: call,
      });
      fake.setMetrics('twitter', id, {
        like_count: 0,
        retweet_count: 0,
        quote_count: 0,
        reply_count: 0,
        impression_count: 0,
      });
      return send(res, 201, { data: { id, text, edit_history_tweet_ids: [id] } });
    }
    if (call.method === 'GET' && call.path === '/2/tweets') {
      const ids = (call.query.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100) {
        return send(res, 400, {
          errors: [
            {
              parameters: { ids },
              message:
                'The number of values in the `ids` query parameter list [' + ids.length + '] is not between 1 and 100',
            },
          ],
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.twitter.com/2/problems/invalid-request',
        });
      }
      const withMetrics = (call.query.get('tweet.fields') ?? '').split(',').includes('public_metrics');
      const data = [];
      const errors = [];
      for (const id of ids) {
        const values = metrics.get(key('twitter', id));
        if (!values) {
          errors.push({
            value: id,
            detail: `Could not find tweet with ids: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'ids',
            resource_id: id,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          });
          continue;
        }
        const text = fake.published.twitter.find((post) => post.id === id)?.text ?? '';
        const public_metrics = {
          retweet_count: 0,
          reply_count: 0,
          like_count: 0,
          quote_count: 0,
          bookmark_count: 0,
          impression_count: 0,
          ...values,
        };
        data.push({ id, text, edit_history_tweet_ids: [id], ...(withMetrics && { public_metrics }) });
      }
      return send(res, 200, { ...(data.length > 0 && { data }), ...(errors.length > 0 && { errors }) });
    }
    return problem(404, `Sorry, that page does not exist: ${call.method} ${call.path}`);
  }

  // ---- LinkedIn ----

  function handleLinkedIn(call: RecordedSocialRequest, res: ServerResponse) {
    const error = (status: number, message: string, extra: Record<string, unknown> = {}) =>
      send(res, status, { status, message, ...extra });
    if (!call.token || tokens.get(call.token)?.realm !== 'linkedin')
      return error(401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
    if (call.method === 'GET' && call.path === '/v2/userinfo') {
      return send(res, 200, {
        ...fake.linkedinMember,
        picture: 'https://media.licdn.com/dms/image/fake/profile.jpg',
        locale: { country: 'GB', language: 'en' },
      });
    }
    if (!call.path.startsWith('/rest/')) return error(404, `No resource found for ${call.path}`);
    const version = call.headers['linkedin-version'];
    if (typeof version !== 'string' || !/^\d{6}$/.test(version)) {
      return error(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', {
        code: 'VERSION_MISSING',
      });
    }
    if (call.method === 'POST' && call.path === '/rest/posts') {
      if (call.headers['x-restli-protocol-version'] !== '2.0.0')
        return error(400, 'X-Restli-Protocol-Version 2.0.0 is required', { code: 'BAD_REQUEST' });
      const post = call.body as Record<string, unknown> | undefined;
      const distribution = post?.distribution as { feedDistribution?: unknown } | undefined;
      const person = `urn:li:person:${fake.linkedinMember.sub}`;
      if (post?.author !== person)
        return error(403, `Not enough permissions to post as ${String(post?.author)}`, {
          code: 'ACCESS_DENIED',
          serviceErrorCode: 100,
        });
      if (
        typeof post.commentary !== 'string' ||
        post.visibility !== 'PUBLIC' ||
        post.lifecycleState !== 'PUBLISHED' ||
        distribution?.feedDistribution !== 'MAIN_FEED'
      ) {
        return error(
          422,
          'ERROR :: /commentary, /visibility, /distribution/feedDistribution or /lifecycleState is missing or invalid',
          { code: 'UNPROCESSABLE_ENTITY' },
        );
      }
      const urn = `urn:li:share:${7_300_000_000_000_000_000n + BigInt(++sequence)}`;
      fake.published.linkedin.push({
        id: urn,
        accountId: person,
        text: post.commentary,
        imageUrl: null,
        token: call.token,
        request: call,
      });
      fake.setMetrics('linkedin', urn, { totalLikes: 0, aggregatedTotalComments: 0 });
      return send(res, 201, undefined, { 'x-restli-id': urn, 'x-linkedin-id': urn });
    }
    const social = /^\/rest\/socialActions\/([^/]+)$/.exec(call.path);
    if (call.method === 'GET' && social) {
      const urn = decodeURIComponent(social[1]);
      const values = metrics.get(key('linkedin', urn));
      if (!values) return error(404, `Not found: ${urn}`, { code: 'NOT_FOUND' });
      const likes = values.totalLikes ?? 0;
      const comments = values.aggregatedTotalComments ?? 0;
      return send(res, 200, {
        target: urn,
        likesSummary: { totalLikes: likes, aggregatedTotalLikes: likes, likedByCurrentUser: false },
        commentsSummary: { totalFirstLevelComments: comments, aggregatedTotalComments: comments },
      });
    }
    return error(404, `No resource found for ${call.method} ${call.path}`);
  }

  // ---- Meta Graph API ----

  const igPage = (igUserId: string) => fake.pages.find((page) => page.instagram?.id === igUserId);

  /** Which platform a Graph call serves, for records and failNext. */
  function graphPlatform(path: string, query: URLSearchParams): FakeSocialPlatform {
    const id = path.split('/')[1] ?? '';
    if (path === '/me/accounts')
      return (query.get('fields') ?? '').includes('instagram_business_account') ? 'instagram' : 'facebook';
    return igPage(id) || containers.has(id) || metrics.has(key('instagram', id)) ? 'instagram' : 'facebook';
  }

  function graphFields(
    fields: string | null,
    values: Record<string, number>,
    platform: FakeSocialPlatform,
    id: string,
  ) {
    const asked = (fields ?? '').split(/,(?![^(]*\))/).map((field) => field.split(/[.{(]/)[0].trim());
    const out: Record<string, unknown> = { id };
    for (const field of asked) {
      if (platform === 'facebook') {
        if (field === 'reactions')
          out.reactions = { data: [], summary: { total_count: values.reactions ?? 0, viewer_reaction: 'NONE' } };
        if (field === 'comments')
          out.comments = {
            data: [],
            summary: { order: 'ranked', total_count: values.comments ?? 0, can_comment: true },
          };
        // Graph leaves `shares` out while nobody has shared the post.
        if (field === 'shares' && values.shares) out.shares = { count: values.shares };
        if (field === 'message') out.message = fake.published.facebook.find((post) => post.id === id)?.text;
      } else {
        if (field === 'like_count') out.like_count = values.like_count ?? 0;
        if (field === 'comments_count') out.comments_count = values.comments_count ?? 0;
        if (field === 'permalink')
          out.permalink = `https://www.instagram.com/p/${Buffer.from(id).toString('base64url').slice(0, 11)}/`;
        if (field === 'caption') out.caption = fake.published.instagram.find((post) => post.id === id)?.text;
      }
    }
    return out;
  }

  function handleGraph(call: RecordedSocialRequest, res: ServerResponse) {
    const params = {
      ...Object.fromEntries(call.query),
      ...(typeof call.body === 'object' && call.body !== null ? (call.body as Record<string, unknown>) : {}),
    };
    const issued = call.token ? tokens.get(call.token) : undefined;
    if (!call.token || issued?.realm !== 'meta') {
      return graphError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    const unsupported = (id: string) =>
      graphError(
        res,
        400,
        100,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        { error_subcode: 33 },
      );

    if (call.method === 'GET' && call.path === '/me/accounts') {
      if (issued.kind !== 'user')
        return graphError(res, 400, 100, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)');
      const fields = (call.query.get('fields') ?? 'name,id')
        .split(/,(?![^{]*\})/)
        .map((field) => field.split('{')[0].trim());
      const data = fake.pages.map((page) => ({
        ...(fields.includes('id') && { id: page.id }),
        ...(fields.includes('name') && { name: page.name }),
        ...(fields.includes('access_token') && { access_token: page.accessToken }),
        ...(fields.includes('instagram_business_account') &&
          page.instagram && { instagram_business_account: { ...page.instagram } }),
        ...(!fields.includes('id') && { id: page.id }),
      }));
      return send(res, 200, { data, paging: { cursors: { before: 'QVFIUk1', after: 'QVFIUk2' } } });
    }

    const segments = call.path.split('/').filter(Boolean);
    const [id, edge] = segments;
    if (!id || segments.length > 2) return graphError(res, 400, 2500, `Unknown path components: ${call.path}`);

    if (call.method === 'POST' && (edge === 'feed' || edge === 'photos')) {
      const page = fake.pages.find((candidate) => candidate.id === id);
      if (!page) return unsupported(id);
      if (issued.kind !== 'page' || issued.pageId !== page.id) {
        return graphError(
          res,
          403,
          200,
          '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
        );
      }
      const text = String(params[edge === 'feed' ? 'message' : 'caption'] ?? '');
      const imageUrl = edge === 'photos' ? String(params.url ?? '') : null;
      if (edge === 'feed' && !text.trim()) return graphError(res, 400, 100, '(#100) Missing message or attachment');
      if (edge === 'photos' && !imageUrl) return graphError(res, 400, 324, '(#324) Requires upload file');
      const postId = `${page.id}_${122100000000000000n + BigInt(++sequence)}`;
      fake.published.facebook.push({
        id: postId,
        accountId: page.id,
        text,
        imageUrl,
        token: call.token,
        request: call,
      });
      fake.setMetrics('facebook', postId, { reactions: 0, comments: 0, shares: 0 });
      return send(
        res,
        200,
        edge === 'feed' ? { id: postId } : { id: String(122000000000000000n + BigInt(sequence)), post_id: postId },
      );
    }

    if (call.method === 'POST' && (edge === 'media' || edge === 'media_publish')) {
      const page = igPage(id);
      if (!page) return unsupported(id);
      if (issued.kind === 'page' && issued.pageId !== page.id)
        return graphError(res, 403, 10, '(#10) Application does not have permission for this action');
      if (edge === 'media') {
        const imageUrl = params.image_url;
        if (typeof imageUrl !== 'string' || !URL.canParse(imageUrl))
          return graphError(res, 400, 100, '(#100) The parameter image_url is required');
        const container = String(17890000000000000n + BigInt(++sequence));
        containers.set(container, { igUserId: id, imageUrl, caption: String(params.caption ?? ''), published: false });
        return send(res, 200, { id: container });
      }
      const container = containers.get(String(params.creation_id ?? ''));
      if (!container || container.igUserId !== id)
        return graphError(res, 400, 100, '(#100) Param creation_id must be a valid container id', {
          error_subcode: 2207027,
        });
      if (container.published)
        return graphError(res, 400, 9007, 'The media has already been published', { error_subcode: 2207008 });
      container.published = true;
      const mediaId = String(17900000000000000n + BigInt(++sequence));
      fake.published.instagram.push({
        id: mediaId,
        accountId: id,
        text: container.caption,
        imageUrl: container.imageUrl,
        token: call.token,
        request: call,
      });
      fake.setMetrics('instagram', mediaId, { like_count: 0, comments_count: 0 });
      return send(res, 200, { id: mediaId });
    }

    if (call.method === 'GET' && edge === 'insights') {
      const platform = metrics.has(key('instagram', id)) ? 'instagram' : 'facebook';
      const values = metrics.get(key(platform, id));
      if (!values) return unsupported(id);
      const metric = call.query.get('metric') ?? '';
      if (values[metric] === undefined)
        return graphError(res, 400, 100, '(#100) The value must be a valid insights metric');
      return send(res, 200, {
        data: [
          {
            name: metric,
            period: 'lifetime',
            values: [{ value: values[metric] }],
            title: metric,
            description: `Lifetime ${metric}`,
            id: `${id}/insights/${metric}/lifetime`,
          },
        ],
        paging: { previous: '', next: '' },
      });
    }

    if (call.method === 'GET' && !edge) {
      const container = containers.get(id);
      if (container) return send(res, 200, { id, status_code: container.published ? 'PUBLISHED' : 'FINISHED' });
      for (const platform of ['facebook', 'instagram'] as const) {
        const values = metrics.get(key(platform, id));
        if (values) return send(res, 200, graphFields(call.query.get('fields'), values, platform, id));
      }
      return unsupported(id);
    }
    return graphError(res, 400, 100, `(#100) Unsupported ${call.method} request on ${call.path}`);
  }

  // ---- Routing ----

  const graphPrefix = `/graph/${GRAPH_VERSION}`;
  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { message: error instanceof Error ? error.message : 'fake server error' });
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', fake.origin);
    const path = url.pathname;
    if (req.method === 'GET' && path === '/x/i/oauth2/authorize') return authorize('twitter', url, res);
    if (req.method === 'GET' && path === '/linkedin/oauth/v2/authorization') return authorize('linkedin', url, res);
    if (req.method === 'GET' && path === `/facebook/${GRAPH_VERSION}/dialog/oauth`) return authorize('meta', url, res);
    if (req.method === 'POST' && path === '/x/2/oauth2/token') return token('twitter', 'twitter', req, url, res);
    if (req.method === 'POST' && path === '/linkedin/oauth/v2/accessToken')
      return token('linkedin', 'linkedin', req, url, res);
    if (path === `${graphPrefix}/oauth/access_token`) return token('meta', 'facebook', req, url, res);

    let platform: FakeSocialPlatform;
    let inner: string;
    if (path.startsWith('/x/')) [platform, inner] = ['twitter', path.slice(2)];
    else if (path.startsWith('/linkedin/')) [platform, inner] = ['linkedin', path.slice('/linkedin'.length)];
    else if (path.startsWith(`${graphPrefix}/`)) [platform, inner] = ['facebook', path.slice(graphPrefix.length)];
    else return send(res, 404, { message: `Nothing here: ${path}` });

    const text = req.method === 'POST' ? await readBody(req) : '';
    const body = parseBody(text, req.headers['content-type']);
    if (typeof body === 'symbol') return send(res, 400, { message: 'Request body is not valid JSON' });
    if (platform === 'facebook') platform = graphPlatform(inner, url.searchParams);
    const bearer = /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    // Graph also takes the token as its access_token parameter (query or body).
    const graphParam =
      platform === 'facebook' || platform === 'instagram'
        ? (url.searchParams.get('access_token') ??
          (body as { access_token?: string } | undefined)?.access_token ??
          null)
        : null;
    const call: RecordedSocialRequest = {
      platform,
      method: req.method ?? 'GET',
      path: inner,
      query: url.searchParams,
      headers: req.headers,
      body,
      token: bearer ?? graphParam,
    };
    fake.requests.push(call);

    const failure = takeFailure(platform);
    if (failure)
      return send(
        res,
        failure.status,
        failure.body,
        platform === 'twitter' && failure.status === 429
          ? { 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 900) }
          : {},
      );
    if (platform === 'twitter') return handleTwitter(call, res);
    if (platform === 'linkedin') return handleLinkedIn(call, res);
    return handleGraph(call, res);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  fake.env = {
    TWITTER_CLIENT_ID: fake.clients.twitter.clientId,
    TWITTER_CLIENT_SECRET: fake.clients.twitter.clientSecret,
    TWITTER_API_URL: `${fake.origin}/x`,
    TWITTER_AUTHORIZE_URL: `${fake.origin}/x/i/oauth2/authorize`,
    LINKEDIN_CLIENT_ID: fake.clients.linkedin.clientId,
    LINKEDIN_CLIENT_SECRET: fake.clients.linkedin.clientSecret,
    LINKEDIN_API_URL: `${fake.origin}/linkedin`,
    LINKEDIN_OAUTH_URL: `${fake.origin}/linkedin/oauth/v2`,
    FACEBOOK_CLIENT_ID: fake.clients.meta.clientId,
    FACEBOOK_CLIENT_SECRET: fake.clients.meta.clientSecret,
    FACEBOOK_GRAPH_URL: `${fake.origin}${graphPrefix}`,
    FACEBOOK_AUTHORIZE_URL: `${fake.origin}/facebook/${GRAPH_VERSION}/dialog/oauth`,
  };
  return fake;
}
