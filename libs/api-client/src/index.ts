export {
  ApiError,
  api,
  apiMessage,
  apiRequest,
  errorDetail,
  failureReason,
  isUnauthorizedError,
  setUnauthorizedHandler,
  type RequestOptions,
} from './request';
export { createQueryClient, getQueryFn } from './query-client';
export { uploadWithProgress, type UploadOptions, type UploadProgress } from './upload';
export {
  callEndpoint,
  ContractViolation,
  endpointQuery,
  endpointUrl,
  invalidateAfter,
  queryKeyOf,
  type EndpointArgs,
} from './endpoint-client';
