import { z } from 'zod';
import { endpoint } from '../endpoint';
import { rerunResearchSchema, researchReportSchema, startResearchSchema, updateResearchSchema } from '../research';

/** What a change to a report makes stale: the list (every key under it) and the dashboard's research figures. */
const RESEARCH_CHANGES = ['/api/research', '/api/dashboard'] as const;

const change = { response: researchReportSchema, invalidates: RESEARCH_CHANGES, entity: 'research-report' } as const;

/** Spec §7: the Research Hub's calls. Reports are the signed-in user's only. */
export const researchEndpoints = {
  /** DECISIONS §Identity: the path carries the signed-in user's id; any other id answers 403. */
  list: endpoint({
    method: 'GET',
    path: '/api/research/:userId',
    response: z.array(researchReportSchema),
    summary: "The user's research reports, newest first (archived included)",
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/research/start',
    body: startResearchSchema,
    ...change,
    summary: 'Start a research report (saved as pending; the pipeline runs as a background job)',
  }),
  rerun: endpoint({
    method: 'POST',
    path: '/api/research/:id/rerun',
    body: rerunResearchSchema,
    ...change,
    status: 200,
    summary: 'Run the research again; newParameters may change the topic, category and tags',
  }),
  archive: endpoint({ method: 'POST', path: '/api/research/:id/archive', ...change, status: 200 }),
  unarchive: endpoint({ method: 'POST', path: '/api/research/:id/unarchive', ...change, status: 200 }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/research/:id',
    body: updateResearchSchema,
    ...change,
    summary: "Edit a report's category and tags",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/research/:id',
    response: null,
    status: 204,
    invalidates: RESEARCH_CHANGES,
    entity: 'research-report',
    summary: 'Deleted (a run still working on it stops)',
  }),
};
