export { Endpoint, EndpointBody, EndpointQuery, ENDPOINT_METADATA } from './endpoint.decorator';
export { EndpointInterceptor } from './endpoint.interceptor';
