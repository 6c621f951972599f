import type { ComponentType, ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { AuthUser, StreamEvent } from '@aide/contracts';

/** A toast as the spec describes them: a title, an optional description, default or destructive. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** What the shell gives every remote. Remotes never create their own providers. */
export interface HostApi {
  user: AuthUser;
  toast: (toast: ToastInput) => void;
  navigate: (to: string) => void;
  theme: { mode: 'light' | 'dark' };
  /**
   * Calls `listener` with each live event of the signed-in user (GET /api/stream, see
   * StreamEvent in @aide/contracts) and answers the unsubscribe; call it in an effect and return
   * that. The shell already refetches each event's `invalidate` paths, so listen only to react
   * further (e.g. show a job's progress). Optional: shells older than the stream lack it.
   */
  onStreamEvent?: (listener: StreamEventListener) => () => void;
}

export type StreamEventListener = (event: StreamEvent) => void;

/** A count shown next to a sidebar item, read through the shell's QueryClient (default GET of the key's path). */
export interface NavBadge<TData = unknown> {
  queryKey: QueryKey;
  // Method syntax on purpose: its parameter is checked bivariantly, so a remote's
  // `NavBadge<EmailStats>` fits the item's `NavBadge` (of unknown data) without `any`.
  select(data: TData): number;
  /** antd Badge colour; hidden at 0 either way. */
  color?: string;
}

export interface ModuleNavItem {
  /** Absolute path the item links to, e.g. '/tasks'. */
  path: string;
  label: string;
  icon?: ReactNode;
  badge?: NavBadge;
  /** Position in the sidebar; lower comes first. */
  order?: number;
}

export interface ModuleRoute {
  /** Absolute path, e.g. '/tasks'; '/' for the index. */
  path: string;
  /** Usually `lazy(() => import('./tasks/TasksPage'))`, so a screen's code loads only when visited. */
  Component: ComponentType;
}

/** What a remote exposes as `./module`: its screens and its sidebar entries. */
export interface RemoteModule {
  id: string;
  /** The build this remote came from (its package version, or AIDE_REMOTE_VERSION at build time). */
  version: string;
  routes: ModuleRoute[];
  nav: ModuleNavItem[];
}

/** Identity helper so a remote's module file is type-checked against the contract. */
export const defineModule = (module: RemoteModule): RemoteModule => module;

/** The name every remote exposes its module definition under. */
export const MODULE_EXPOSE = 'module';

declare global {
  /** Set by defineRemoteConfig at build time; only remotes' code may read it. */
  const __AIDE_REMOTE_VERSION__: string;
}
