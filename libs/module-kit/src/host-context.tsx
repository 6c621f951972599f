import { createContext, useContext } from 'react';
import type { HostApi } from './contract';

/**
 * Provided once by the shell. The module kit is a federation singleton, so a remote's `useHost`
 * reads the very context object the shell provides.
 */
export const HostContext = createContext<HostApi | null>(null);

export function useHost(): HostApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost must be used inside the Aide shell (HostContext is missing)');
  return host;
}
