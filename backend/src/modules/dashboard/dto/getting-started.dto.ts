import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';

/** The steps of a new company's setup, in the order the checklist shows them. */
export const GETTING_STARTED_STEPS = [
  'departments',
  'positions',
  'location_and_shift',
  'invite_employees',
  'leave_policy',
  'payroll_settings',
] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

export class GettingStartedStepDto {
  @ApiProperty({
    enum: GETTING_STARTED_STEPS,
    description:
      'departments: the company has a department. positions: it has a position. location_and_shift: a work location (or saved ' +
      'attendance settings) and a shift. invite_employees: an employee was invited or has a login. leave_policy: a leave type ' +
      'or policy was added or changed after the defaults every new company gets. payroll_settings: a salary component exists ' +
      'or the tax table was saved.',
  })
  key!: GettingStartedStep;
  @ApiProperty({ description: "Done, as the company's data shows" }) done!: boolean;
}

export class GettingStartedDto {
  @ApiProperty({
    type: [GettingStartedStepDto],
    description: "The steps of the modules in the company's plan, in order (a module outside the plan has no step)",
  })
  steps!: GettingStartedStepDto[];
  @ApiProperty({ example: 3, description: 'Steps done' }) done_count!: number;
  @ApiProperty({ example: 6, description: 'Steps listed' }) total!: number;
  @ApiProperty({ description: 'Every step listed is done' }) all_done!: boolean;
  @ApiProperty({ description: 'The caller hid the checklist for this company' }) dismissed!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the caller hid it' })
  dismissed_at!: Date | null;
}

export class UpdateGettingStartedDto {
  @ApiProperty({ description: 'true hides the checklist for the caller; false shows it again' })
  @IsDefined({ message: 'Dismissed is required' })
  @IsBoolean({ message: 'Dismissed must be true or false' })
  dismissed!: boolean;
}
