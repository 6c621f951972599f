// Every API route, declared once (see ../endpoint.ts). One file per domain, named like its API folder.
export { tasksEndpoints } from './tasks';
export { accountEndpoints } from './account';
export { accountDataEndpoints } from './account-data';
export { activityLogEndpoints } from './activity-log';
export { authEndpoints } from './auth';
export { featureTogglesEndpoints } from './feature-toggles';
export { healthEndpoints, healthStatusSchema, type HealthStatus } from './health';
export { moduleRegistryEndpoints } from './module-registry';
export { notificationsEndpoints } from './notifications';
export { profileEndpoints } from './profile';
export { searchEndpoints } from './search';
export { streamEndpoints } from './stream';
export { twoFactorEndpoints } from './two-factor';
export { usersEndpoints } from './users';
