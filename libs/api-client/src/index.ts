export { ApiError, api, apiRequest, errorDetail, isUnauthorizedError, setUnauthorizedHandler, type RequestOptions } from './request';
export { createQueryClient, getQueryFn } from './query-client';
