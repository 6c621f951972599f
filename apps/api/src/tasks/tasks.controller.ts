import {
  type CreateTaskPayload,
  createTaskSchema,
  type Task,
  taskSchema,
  type UpdateTaskPayload,
  updateTaskSchema,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { TaskDueNotifier } from './task-due-notifier';
import { TasksService } from './tasks.service';

const TASK = openApiSchema(taskSchema, 'output');
const taskId = new IdParamPipe('Task id must be a positive whole number');

@ApiTags('tasks')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller('api/tasks')
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly dueNotifier: TaskDueNotifier,
    private readonly stream: StreamService,
  ) {}

  /** The user's other tabs (and devices) refetch their task lists: GET /api/stream. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: { type: 'entity.changed', entity: { type: 'task', id }, invalidate: ['/api/tasks', '/api/dashboard'] },
      },
    ]);
  }

  /** A task given a due date may already be due soon: tell its owner now, not at the next minute's sweep. */
  private checkDue(task: Task): Task {
    if (task.dueDate) this.dueNotifier.nudge();
    return task;
  }

  @Get()
  @ApiOkResponse({ description: "The signed-in user's tasks, newest first", schema: { type: 'array', items: TASK } })
  list(@CurrentUser() user: User): Promise<Task[]> {
    return this.tasks.list(user.id);
  }

  @Post()
  @ApiBody({ schema: openApiSchema(createTaskSchema) })
  @ApiCreatedResponse({ schema: TASK })
  @ApiBadRequestResponse({ description: 'Validation failed, e.g. "Title is required"' })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createTaskSchema)) body: CreateTaskPayload,
  ): Promise<Task> {
    const task = await this.tasks.create(user.id, body);
    // Published before the due-date check, so a "due soon" notification never arrives ahead of its task.
    await this.changed(user.id, task.id);
    return this.checkDue(task);
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateTaskSchema) })
  @ApiOkResponse({ schema: TASK })
  @ApiNotFoundResponse({ description: 'Task not found' })
  async update(
    @CurrentUser() user: User,
    @Param('id', taskId) id: number,
    @Body(new ZodValidationPipe(updateTaskSchema)) body: UpdateTaskPayload,
  ): Promise<Task> {
    const task = await this.tasks.update(user.id, id, body);
    await this.changed(user.id, id);
    return this.checkDue(task);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: 'Task not found' })
  async remove(@CurrentUser() user: User, @Param('id', taskId) id: number): Promise<void> {
    await this.tasks.remove(user.id, id);
    await this.changed(user.id, id);
  }
}
