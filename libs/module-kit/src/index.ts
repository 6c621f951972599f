export * from './contract';
export { HostContext, useHost } from './host-context';
export { type FetchState, useFetchFailureToast } from './use-fetch-failure-toast';
