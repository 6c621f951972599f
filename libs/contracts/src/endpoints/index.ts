// Every API route, declared once (see ../endpoint.ts). One file per domain, named like its API folder.
export { calendarIntegrationsEndpoints } from './calendar-integrations';
export { eventsEndpoints } from './events';
export { tasksEndpoints } from './tasks';
export { socialEndpoints, SOCIAL_INVALIDATES } from './social';
export { documentsEndpoints } from './documents';
export { emailEndpoints } from './email';
export { researchEndpoints } from './research';
export { travelEndpoints } from './travel';
export { websiteAnalyticsEndpoints, websitesEndpoints } from './websites';
