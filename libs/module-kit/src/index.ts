export * from './contract';
export * from './description';
export { HostContext, useHost } from './host-context';
export { type FetchState, useFetchFailureToast } from './use-fetch-failure-toast';
