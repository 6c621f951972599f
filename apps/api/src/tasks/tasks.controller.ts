import { type CreateTaskPayload, type Task, tasksEndpoints, type UpdateTaskPayload } from '@aide/contracts';
import { Controller, Param, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiNotFoundResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { TaskDueNotifier } from './task-due-notifier';
import { TasksService } from './tasks.service';

const taskId = new IdParamPipe('Task id must be a positive whole number');

/** Routes and payloads: `tasksEndpoints` in @aide/contracts; each change refetches the lists it names. */
@ApiTags('tasks')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller()
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly dueNotifier: TaskDueNotifier,
  ) {}

  /**
   * A task given a due date may already be due soon: tell its owner now, not at the next minute's
   * sweep. Once the response is sent, so the "due soon" notification never arrives ahead of the
   * change's own live update (published before the response, see EndpointInterceptor).
   */
  private checkDueAfterResponse(task: Task, response: Response): Task {
    if (task.dueDate) response.once('finish', () => this.dueNotifier.nudge());
    return task;
  }

  @Endpoint(tasksEndpoints.list)
  list(@CurrentUser() user: User): Promise<Task[]> {
    return this.tasks.list(user.id);
  }

  @Endpoint(tasksEndpoints.create)
  async create(
    @CurrentUser() user: User,
    @EndpointBody(tasksEndpoints.create) body: CreateTaskPayload,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Task> {
    return this.checkDueAfterResponse(await this.tasks.create(user.id, body), response);
  }

  @Endpoint(tasksEndpoints.update)
  @ApiNotFoundResponse({ description: 'Task not found' })
  async update(
    @CurrentUser() user: User,
    @Param('id', taskId) id: number,
    @EndpointBody(tasksEndpoints.update) body: UpdateTaskPayload,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Task> {
    return this.checkDueAfterResponse(await this.tasks.update(user.id, id, body), response);
  }

  @Endpoint(tasksEndpoints.remove)
  @ApiNotFoundResponse({ description: 'Task not found' })
  async remove(@CurrentUser() user: User, @Param('id', taskId) id: number): Promise<void> {
    await this.tasks.remove(user.id, id);
  }
}
