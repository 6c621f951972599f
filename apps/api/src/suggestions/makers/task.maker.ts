import type { TaskDraft } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { EventsService } from '../../events/events.service';
import { TasksService } from '../../tasks/tasks.service';
import type { SuggestionEntity, SuggestionResult } from '../suggestion.entity';
import type { SuggestionMaker } from '../suggestion-maker';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

/** A task due on a day is due at 17:00 that day in the person's timezone, as the task form and Quick add put it. */
export const DUE_TIME = '17:00';

/** What a person would read in the task: the amount due, then what the source said. */
function description(draft: TaskDraft): string | undefined {
  const amount = draft.amount
    ? `Amount due: ${new Intl.NumberFormat('en', { style: 'currency', currency: draft.amount.currency }).format(draft.amount.value)}.`
    : null;
  const text = [amount, draft.description].filter(Boolean).join('\n\n');
  return text || undefined;
}

/** A task suggestion (a deadline, a request, a bill) becomes a task that names its message or document. */
@Injectable()
export class TaskMaker implements SuggestionMaker<'task'> {
  readonly kind = 'task';

  constructor(
    private readonly tasks: TasksService,
    private readonly events: EventsService,
  ) {}

  async make(userId: number, suggestion: SuggestionEntity, draft: TaskDraft): Promise<SuggestionResult> {
    const zone = await this.events.profileTimezone(userId);
    const task = await this.tasks.create(
      userId,
      {
        title: draft.title,
        description: description(draft),
        priority: suggestion.origin === 'bill' || suggestion.origin === 'deadline' ? 'high' : 'medium',
        status: 'pending',
        dueDate: draft.dueDate ? dayjs.tz(`${draft.dueDate}T${DUE_TIME}`, zone).toISOString() : undefined,
      },
      { emailId: suggestion.emailId ?? undefined, documentId: suggestion.documentId ?? undefined },
    );
    return { type: 'task', id: task.id };
  }
}
