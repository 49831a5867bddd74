import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { SelfService } from '../../common/auth/self-service';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { TaskResponseDto } from './dto/task.dto';
import { RequireMonitoringFeature } from './monitoring-feature.guard';
import { TASK_LIST, TasksService } from './tasks.service';

/**
 * The caller's own tasks (the ones assigned to their employee record): for anyone with module monitoring,
 * from the matrix or from the company's self-service policy; the task screen itself stays with the admins.
 */
@ApiTags('monitoring')
@ApiAuthErrors()
@RequireMonitoringFeature()
@Controller('monitoring/my-tasks')
export class MyTasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get()
  @RequireModule('monitoring', 'view')
  @SelfService()
  @ApiOperation({ summary: "The tasks assigned to the caller's employee record, filtered and paged as the task list" })
  @ApiListQuery()
  @ApiEnvelope(TaskResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @ListParams(TASK_LIST) q: ListQuery) {
    // whoever asks, only their own
    return this.tasks.list(ctx, 'own', q);
  }
}
