import { Injectable } from '@nestjs/common';
import { AiNoTemplateError } from '../ai.errors';

/** Builds a task's answer from its input without a model (rules, text methods, fixed wording). */
export type OfflineTemplate = (input: unknown) => unknown | Promise<unknown>;

/**
 * The offline engine's `generate` answers, one template per task name. A domain module registers
 * its own at start-up, e.g. in the travel module: `ai.registerTemplate('travel.itinerary', (input) => …)`.
 * The template's result is still validated by the caller's schema.
 */
@Injectable()
export class OfflineTemplates {
  private readonly templates = new Map<string, OfflineTemplate>();

  register(task: string, template: OfflineTemplate): void {
    if (this.templates.has(task)) throw new Error(`An offline template for task ${task} is already registered`);
    this.templates.set(task, template);
  }

  has(task: string): boolean {
    return this.templates.has(task);
  }

  get(task: string): OfflineTemplate {
    const template = this.templates.get(task);
    if (!template) throw new AiNoTemplateError(task);
    return template;
  }
}
