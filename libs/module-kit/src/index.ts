export * from './contract';
export { HostContext, useHost } from './host-context';
