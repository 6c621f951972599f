import { SiteFetchError, type SiteFetcher, textOf } from '../fetch/site-fetcher';
import { markdownToHtml } from './markdown-html.util';

export interface WordPressCredentials {
  username: string;
  applicationPassword: string;
}

/** Why WordPress did not take the post, in words for the user. */
export class WordPressError extends Error {}

/** The REST API's posts endpoint of a site ('https://example.com/blog' → 'https://example.com/blog/wp-json/wp/v2/posts'). */
export function wordpressPostsUrl(siteUrl: string): string {
  const url = new URL(siteUrl);
  url.search = '';
  url.hash = '';
  return `${url.href.replace(/\/+$/, '')}/wp-json/wp/v2/posts`;
}

/** A WordPress post's id, public link and status ('draft', 'publish', 'future', 'pending', 'private'...). */
export interface WordPressPost {
  id: number;
  link: string;
  status: string;
}

/**
 * Creates the post as a draft through the WordPress REST API (POST /wp-json/wp/v2/posts, HTTP Basic
 * with an application password), through the site fetcher (timeout, size cap, network policy; no
 * redirects for a POST). Answers the new post's id and link. `status: 'publish'` creates it live.
 */
export async function createWordPressDraft(
  fetcher: SiteFetcher,
  siteUrl: string,
  credentials: WordPressCredentials,
  post: { title: string; content: string },
  signal?: AbortSignal,
  status: 'draft' | 'publish' = 'draft',
): Promise<{ id: number; link: string }> {
  const created = await wordpressCall(
    fetcher,
    siteUrl,
    credentials,
    wordpressPostsUrl(siteUrl),
    { method: 'POST', body: { title: post.title, content: markdownToHtml(post.content), status } },
    signal,
  );
  return { id: created.id, link: created.link };
}

/** Publishes an existing post (POST /wp-json/wp/v2/posts/{id} with status 'publish'): answers its live link. */
export async function publishWordPressPost(
  fetcher: SiteFetcher,
  siteUrl: string,
  credentials: WordPressCredentials,
  postId: number,
  signal?: AbortSignal,
): Promise<WordPressPost> {
  return wordpressCall(
    fetcher,
    siteUrl,
    credentials,
    `${wordpressPostsUrl(siteUrl)}/${postId}`,
    { method: 'POST', body: { status: 'publish' } },
    signal,
  );
}

/** A post as WordPress has it now (GET /wp-json/wp/v2/posts/{id}?context=edit, which also sees drafts). */
export async function readWordPressPost(
  fetcher: SiteFetcher,
  siteUrl: string,
  credentials: WordPressCredentials,
  postId: number,
  signal?: AbortSignal,
): Promise<WordPressPost> {
  return wordpressCall(
    fetcher,
    siteUrl,
    credentials,
    `${wordpressPostsUrl(siteUrl)}/${postId}?context=edit`,
    { method: 'GET' },
    signal,
  );
}

async function wordpressCall(
  fetcher: SiteFetcher,
  siteUrl: string,
  credentials: WordPressCredentials,
  url: string,
  request: { method: 'GET' | 'POST'; body?: Record<string, unknown> },
  signal?: AbortSignal,
): Promise<WordPressPost> {
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.applicationPassword}`).toString('base64')}`;
  let response;
  try {
    response = await fetcher.fetch(url, {
      method: request.method,
      signal,
      maxBytes: 1024 * 1024,
      headers: {
        authorization,
        accept: 'application/json',
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch (error) {
    if (error instanceof SiteFetchError) throw new WordPressError(`WordPress could not be reached: ${error.message}`);
    throw error;
  }
  let body: { id?: unknown; link?: unknown; status?: unknown; message?: unknown; code?: unknown } = {};
  try {
    body = JSON.parse(textOf(response)) as typeof body;
  } catch {
    body = {};
  }
  const said = typeof body.message === 'string' ? `: ${body.message.replace(/<[^>]*>/g, '').slice(0, 300)}` : '';
  if (response.status === 401 || response.status === 403) {
    throw new WordPressError(
      `WordPress refused the credentials (HTTP ${response.status})${said}. Check the username and application password in the site's settings.`,
    );
  }
  if (response.status === 404 && body.code === 'rest_post_invalid_id')
    throw new WordPressError('The post is no longer on WordPress (HTTP 404)');
  if (response.status === 404)
    throw new WordPressError(`The site has no WordPress REST API at ${wordpressPostsUrl(siteUrl)} (HTTP 404)`);
  if (response.status < 200 || response.status > 299)
    throw new WordPressError(`WordPress answered HTTP ${response.status}${said}`);
  if (typeof body.id !== 'number') throw new WordPressError('WordPress answered without the new post');
  return {
    id: body.id,
    link: typeof body.link === 'string' ? body.link : `${new URL(siteUrl).origin}/?p=${body.id}`,
    status: typeof body.status === 'string' ? body.status : '',
  };
}
