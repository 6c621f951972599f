export { ApiError, api, apiRequest, isUnauthorizedError, setUnauthorizedHandler, type RequestOptions } from './request';
export { createQueryClient, getQueryFn } from './query-client';
