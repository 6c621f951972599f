import type { Task } from '@aide/contracts';
import type { TaskEntity } from './task.entity';

/** The API's view of a task row: the contract's Task, dates as ISO strings. */
export function toTask(entity: TaskEntity): Task {
  return {
    id: entity.id,
    userId: entity.userId,
    title: entity.title,
    description: entity.description,
    priority: entity.priority,
    status: entity.status,
    dueDate: entity.dueDate?.toISOString() ?? null,
    category: entity.category,
    recurrence: entity.recurrence,
    recurrenceMode: entity.recurrenceMode,
    subtasks: entity.subtasks,
    reminderMinutes: entity.reminderMinutes,
    sourceEmailId: entity.sourceEmailId ?? null,
    sourceDocumentId: entity.sourceDocumentId ?? null,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
