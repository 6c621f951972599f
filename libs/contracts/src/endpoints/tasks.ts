import { z } from 'zod';
import { endpoint } from '../endpoint';
import { createTaskSchema, taskSchema, updateTaskSchema } from '../tasks';

/**
 * What a change to a task makes stale: the list (and the sidebar badge reading it), the dashboard,
 * and the calendar (a time block shows its task's status).
 */
const TASK_CHANGES = ['/api/tasks', '/api/dashboard', '/api/events'] as const;

export const tasksEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/tasks',
    response: z.array(taskSchema),
    summary: "The signed-in user's tasks, newest first",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tasks',
    body: createTaskSchema,
    response: taskSchema,
    invalidates: TASK_CHANGES,
    entity: 'task',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/tasks/:id',
    body: updateTaskSchema,
    response: taskSchema,
    invalidates: TASK_CHANGES,
    entity: 'task',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/tasks/:id',
    response: null,
    status: 204,
    invalidates: TASK_CHANGES,
    entity: 'task',
    summary: 'Deleted',
  }),
};
