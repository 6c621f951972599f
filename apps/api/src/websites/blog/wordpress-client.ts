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

/**
 * Creates the post as a draft through the WordPress REST API (POST /wp-json/wp/v2/posts, HTTP Basic
 * with an application password), through the site fetcher (timeout, size cap, network policy; no
 * redirects for a POST). Answers the new post's id and link.
 */
export async function createWordPressDraft(
  fetcher: SiteFetcher,
  siteUrl: string,
  credentials: WordPressCredentials,
  post: { title: string; content: string },
  signal?: AbortSignal,
): Promise<{ id: number; link: string }> {
  const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.applicationPassword}`).toString('base64')}`;
  let response;
  try {
    response = await fetcher.fetch(wordpressPostsUrl(siteUrl), {
      method: 'POST',
      signal,
      maxBytes: 1024 * 1024,
      headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ title: post.title, content: markdownToHtml(post.content), status: 'draft' }),
    });
  } catch (error) {
    if (error instanceof SiteFetchError) throw new WordPressError(`WordPress could not be reached: ${error.message}`);
    throw error;
  }
  let body: { id?: unknown; link?: unknown; message?: unknown; code?: unknown } = {};
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
  if (response.status === 404)
    throw new WordPressError(`The site has no WordPress REST API at ${wordpressPostsUrl(siteUrl)} (HTTP 404)`);
  if (response.status < 200 || response.status > 299)
    throw new WordPressError(`WordPress answered HTTP ${response.status}${said}`);
  if (typeof body.id !== 'number') throw new WordPressError('WordPress answered without the new post');
  return { id: body.id, link: typeof body.link === 'string' ? body.link : `${new URL(siteUrl).origin}/?p=${body.id}` };
}
