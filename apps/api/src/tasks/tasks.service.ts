import type { CreateTaskPayload, Task, UpdateTaskPayload } from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { TaskEntity } from './task.entity';
import { toTask } from './task.mapper';

export const TASK_NOT_FOUND = 'Task not found';

/** Empty optional text is stored as null, so "no description" has one representation. */
const textOrNull = (value: string | null | undefined) => (value ? value : null);

/** Tasks of one user. Every method takes that user's id and touches no one else's rows. */
@Injectable()
export class TasksService {
  constructor(@InjectRepository(TaskEntity) private readonly tasks: Repository<TaskEntity>) {}

  /** Newest first. */
  async list(userId: number): Promise<Task[]> {
    const rows = await this.tasks.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toTask);
  }

  /** A `userId` in the payload is ignored: the owner is always `userId`. */
  async create(userId: number, input: CreateTaskPayload): Promise<Task> {
    const task = this.tasks.create({
      userId,
      title: input.title,
      description: textOrNull(input.description),
      priority: input.priority,
      status: input.status,
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
      category: textOrNull(input.category),
    });
    // One INSERT … RETURNING is atomic on its own: without the transaction TypeORM wraps save() in
    // by default, a create is 2 round trips and a pooled connection's checkout fewer (bench: POST /api/tasks).
    return toTask(await this.tasks.save(task, { transaction: false }));
  }

  /** Applies the fields present in `changes` (null clears); `id`/`userId` in it are ignored. 404 if not the user's. */
  async update(userId: number, id: number, changes: UpdateTaskPayload): Promise<Task> {
    const task = await this.tasks.findOneBy({ id, userId });
    if (!task) throw new NotFoundException(TASK_NOT_FOUND);
    if (changes.title !== undefined) task.title = changes.title;
    if (changes.description !== undefined) task.description = textOrNull(changes.description);
    if (changes.priority !== undefined) task.priority = changes.priority;
    if (changes.status !== undefined) task.status = changes.status;
    if (changes.dueDate !== undefined) task.dueDate = changes.dueDate === null ? null : new Date(changes.dueDate);
    if (changes.category !== undefined) task.category = textOrNull(changes.category);
    return toTask(await this.tasks.save(task));
  }

  /** 404 if the task is not the user's (or does not exist). */
  async remove(userId: number, id: number): Promise<void> {
    const { affected } = await this.tasks.delete({ id, userId });
    if (!affected) throw new NotFoundException(TASK_NOT_FOUND);
  }
}
