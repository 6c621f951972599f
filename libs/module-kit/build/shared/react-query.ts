/**
 * What the shell shares as `@tanstack/react-query` (see sharedDependencies in ../federation.ts).
 *
 * A shared package is never tree-shaken: sharing react-query itself ships every hook and helper it
 * has (suspense and infinite queries, hydration, prefetching, error-reset boundaries) to every user.
 * This module is shared under that name instead and re-exports only what the apps use, with the one
 * QueryClient context every app must see. federation.spec.ts fails when a source imports a name
 * missing here; add the name here.
 *
 * It imports the package as '#react-query-package' (package.json's "imports"), not by its name: in
 * the shell every import of '@tanstack/react-query' is a consume of this very share, itself included.
 */
export {
  QueryClient,
  QueryClientContext,
  QueryClientProvider,
  QueryObserver,
  keepPreviousData,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '#react-query-package';
