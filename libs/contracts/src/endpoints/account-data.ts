import { accountSummarySchema, deleteAccountSchema } from '../account-data';
import { endpoint } from '../endpoint';

export const accountDataEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/account',
    response: accountSummarySchema,
    summary: 'Whether the account has a password and may delete itself (its plan allows it)',
  }),
  /** A zip download (a link, not a fetch). */
  export: endpoint({
    method: 'GET',
    path: '/api/account/export',
    response: null,
    summary: "A zip of everything of the user: one JSON file per table, and the documents' files (secrets left out)",
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/account/delete',
    body: deleteAccountSchema,
    status: 204,
    response: null,
    summary: 'The account, its rows, files and sessions are gone; signed out',
  }),
};
