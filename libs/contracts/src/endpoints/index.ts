// Every API route, declared once (see ../endpoint.ts). One file per domain, named like its API folder.
export { tasksEndpoints } from './tasks';
export { travelEndpoints } from './travel';
export { websiteAnalyticsEndpoints, websitesEndpoints } from './websites';
