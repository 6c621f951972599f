/**
 * The documents screen's harness: the shared one (@aide/testing), rendering at /documents, plus a
 * stand-in `XMLHttpRequest` for uploads.
 */
import type { ReactNode } from 'react';
import { endpointUrl, queryKeyOf } from '@aide/api-client';
import { documentsEndpoints, type EndpointDefinition } from '@aide/contracts';
import { act, renderScreen as renderAt, settle } from '@aide/testing';

export * from '@aide/testing';
export { endpointUrl, queryKeyOf };

/** The screen's endpoints, as the tests name them. */
export const routes = documentsEndpoints;

/**
 * An endpoint's call as route() names it: the method, a space, the filled path (and the query,
 * which route() then matches exactly).
 */
export const routeOf = (
  definition: EndpointDefinition,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
) => `${definition.method} ${endpointUrl(definition, params, query)}`;

/** Renders `ui` as the shell would at `path` (/documents unless told). */
export const renderScreen = (ui: ReactNode, { path = '/documents' }: { path?: string } = {}) => renderAt(ui, { path });

// ---- XMLHttpRequest ----

/** A stand-in XMLHttpRequest the test drives: progress, then an answer. */
export class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  method = '';
  url = '';
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.dispatchEvent(new Event('abort'));
  }

  /** The browser's upload progress event. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }));
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  /** The form's file names and fields, to check what was sent. */
  fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    this.body?.forEach((value, key) => (fields[key] = typeof value === 'string' ? value : (value as File).name));
    return fields;
  }
}

export function installFakeXhr() {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
}

/** Chooses files in a file input (as the picker or a drop would). */
export async function chooseFiles(input: HTMLInputElement, files: File[]) {
  await act(async () => {
    Object.defineProperty(input, 'files', { configurable: true, value: files });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}
