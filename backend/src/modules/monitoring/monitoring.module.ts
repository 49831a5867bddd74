import { Module } from '@nestjs/common';
import { MyTasksController } from './my-tasks.controller';
import { MonitoringController } from './monitoring.controller';
import { TaskMetricsService } from './task-metrics.service';
import { TaskOverdueJob } from './task-overdue.job';
import { TaskTemplatesService } from './task-templates.service';
import { TasksService } from './tasks.service';

@Module({
  controllers: [MonitoringController, MyTasksController],
  providers: [TasksService, TaskTemplatesService, TaskMetricsService, TaskOverdueJob],
  exports: [TasksService],
})
export class MonitoringModule {}
