import { Module } from '@nestjs/common';
import { ShiftAssignmentsController } from './shift-assignments.controller';
import { ShiftAssignmentsService } from './shift-assignments.service';
import { ShiftsController } from './shifts.controller';
import { ShiftsService } from './shifts.service';
import { WorkLocationsController } from './work-locations.controller';
import { WorkLocationsService } from './work-locations.service';

/** The shift roster: shifts, work locations and shift assignments (read by attendance). */
@Module({
  controllers: [ShiftsController, WorkLocationsController, ShiftAssignmentsController],
  providers: [ShiftsService, WorkLocationsService, ShiftAssignmentsService],
  exports: [ShiftAssignmentsService],
})
export class ShiftsModule {}
