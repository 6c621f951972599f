export { ApiError, api, apiRequest, errorDetail, isUnauthorizedError, setUnauthorizedHandler, type RequestOptions } from './request';
export { createQueryClient, getQueryFn } from './query-client';
export { uploadWithProgress, type UploadOptions, type UploadProgress } from './upload';
