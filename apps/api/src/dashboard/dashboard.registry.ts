import { Injectable } from '@nestjs/common';
import type { DashboardProvider } from './dashboard-provider';

/**
 * The dashboard providers of every domain module, registered at start-up (as search's registry).
 *
 * Adding a module's figures (e.g. email's unreadEmails, urgentEmails and emailInsights):
 *  1. Write an @Injectable() class implementing DashboardProvider in that module's folder, with
 *     `moduleId` set to its module group and `contribute()` returning only the parts it owns
 *     (see tasks/tasks.dashboard-provider.ts and events/events.dashboard-provider.ts).
 *  2. In onModuleInit, call `registry.register(this)`.
 *  3. Import DashboardModule in the domain module and list the class in its providers.
 * The dashboard service then gates it by the module's toggle and merges its part over the zero
 * defaults; nothing else changes. Each field has one owner: of two providers setting the same
 * field, the one registered later wins (lists are replaced, not concatenated).
 */
@Injectable()
export class DashboardRegistry {
  private readonly providers: DashboardProvider[] = [];

  register(provider: DashboardProvider): void {
    if (!this.providers.includes(provider)) this.providers.push(provider);
  }

  all(): readonly DashboardProvider[] {
    return this.providers;
  }
}
