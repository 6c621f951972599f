export * from './contract';
export * from './description';
export { HostContext, useHost } from './host-context';
export { isLazyScreen, lazyScreen, type LazyScreen } from './lazy-screen';
export { type FetchState, useFetchFailureToast } from './use-fetch-failure-toast';
