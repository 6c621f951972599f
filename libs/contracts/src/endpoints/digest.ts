import { digestPreviewSchema, digestUnsubscribeQuerySchema } from '../digest';
import { endpoint } from '../endpoint';

export const digestEndpoints = {
  preview: endpoint({
    method: 'GET',
    path: '/api/digest/preview',
    response: digestPreviewSchema,
    summary: "The current person's weekly digest as it would be sent now: subject, HTML and text",
  }),
  unsubscribe: endpoint({
    method: 'GET',
    path: '/api/digest/unsubscribe',
    query: digestUnsubscribeQuerySchema,
    response: null,
    summary: "The digest's unsubscribe link: turns the weekly digest off and answers a small confirmation page",
  }),
  unsubscribeOneClick: endpoint({
    method: 'POST',
    path: '/api/digest/unsubscribe',
    query: digestUnsubscribeQuerySchema,
    response: null,
    status: 200,
    summary: 'One-click unsubscribe (RFC 8058, List-Unsubscribe-Post): turns the weekly digest off',
  }),
};
