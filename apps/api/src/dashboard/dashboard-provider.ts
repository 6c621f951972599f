import { DiscoveryService } from '@nestjs/core';
import type { RegisteredModule } from '../module-registry/registered-modules';

/** A module group's id as the module registry lists it ('organiser', 'email', …). */
export type ModuleId = RegisteredModule['id'];

/**
 * Marks a class as a module's part of GET /api/dashboard; the dashboard finds every such provider at
 * start (DashboardRegistry), so a module adds its figures with one class in its own folder, listed
 * in its own Nest module's providers, and no edit here:
 *
 *   @DashboardPart({ module: 'email' })
 *   @Injectable()
 *   export class EmailsDashboardProvider implements DashboardProvider<EmailDashboard> { … }
 *
 * The part answers under `modules[module]`, only to users who may use that module (its
 * `module.<id>` toggle), and its shape is the module's own contract schema (e.g.
 * emailDashboardSchema). A module may have several providers, each filling its own keys of the
 * part (the organiser's tasks and events); their answers are put side by side.
 */
export const DashboardPart = DiscoveryService.createDecorator<{ module: ModuleId }>();

/** A module's part of the dashboard (or the keys of it this provider fills). */
export interface DashboardProvider<Part extends object = object> {
  /**
   * This user's figures only. `now` is the request's instant and `timezone` the IANA zone of the
   * user's profile (UTC by default): "today" is the calendar day containing `now` in that zone.
   * Must be cheap: counted and limited in SQL over indexes, a fixed number of queries.
   */
  contribute(userId: number, now: Date, timezone: string): Promise<Part>;
}
