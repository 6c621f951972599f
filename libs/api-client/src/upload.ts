/**
 * A multipart upload that reports how much of the body has been sent. fetch cannot (it has no
 * upload progress), so this one call uses XMLHttpRequest; it otherwise behaves like apiRequest:
 * cookies included, a non-OK answer thrown as ApiError (`<status>: <body>`), 401 reported to the
 * shell's handler, JSON parsed.
 */
import { ApiError, languageHeader, notifyUnauthorized } from './request';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** The body's size in bytes, when the browser knows it. */
  total: number | null;
  /** 0–100, or null when the total is unknown. */
  percent: number | null;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with a DOMException named 'AbortError', as fetch does. */
  signal?: AbortSignal;
}

export function uploadWithProgress<T = unknown>(
  url: string,
  body: FormData,
  { method = 'POST', onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was aborted', 'AbortError');
    if (signal?.aborted) return reject(abortError());

    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(languageHeader())) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    // The browser sets the multipart content type with its boundary.

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    let last: UploadProgress = { loaded: 0, total: null, percent: null };
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        const total = event.lengthComputable ? event.total : null;
        last = {
          loaded: event.loaded,
          total,
          percent: total ? Math.min(100, Math.floor((event.loaded / total) * 100)) : null,
        };
        onProgress(last);
      });
    }

    xhr.addEventListener('load', () => {
      done();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = new ApiError(xhr.status, text, xhr.statusText);
        if (xhr.status === 401) notifyUnauthorized(error);
        return reject(error);
      }
      // An answer means the whole body was sent, whatever the last progress event said.
      if (onProgress && last.percent !== 100)
        onProgress({ loaded: last.total ?? last.loaded, total: last.total, percent: 100 });
      if (xhr.status === 204 || !text) return resolve(undefined as T);
      try {
        resolve(JSON.parse(text) as T);
      } catch {
        reject(new Error('The server answered with something that is not JSON'));
      }
    });
    // A network failure (offline, connection reset) has no status: the same text fetch gives.
    xhr.addEventListener('error', () => {
      done();
      reject(new TypeError('Failed to fetch'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });

    xhr.send(body);
  });
}
