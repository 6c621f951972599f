import { endpoint } from '../endpoint';
import { SEARCH_RESULTS_PER_MODULE, searchQuerySchema, searchResponseSchema } from '../search';

/** The header's "Search across all modules..." box; each module's results are gated by its toggle. */
export const searchEndpoints = {
  find: endpoint({
    method: 'GET',
    path: '/api/search',
    query: searchQuerySchema,
    response: searchResponseSchema,
    summary: `At most ${SEARCH_RESULTS_PER_MODULE} results per module the user may use, best first`,
  }),
};
