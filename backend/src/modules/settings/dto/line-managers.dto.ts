import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';
import { SelfServiceRightDto } from './self-service.dto';

export class LineManagerSettingsDto {
  @ApiProperty({
    description:
      "On (the default): every employee whom others report to sees the team's profiles (without pay), attendance, leave " +
      "requests and balances, tasks and KPI results, and approves or rejects the team's leave requests, when the plan has " +
      'the module; the team is everyone who reports to them, directly or through others. Nobody decides their own request. ' +
      'The permission matrix can give any position or department more. Off: only the matrix.',
  })
  enabled!: boolean;

  @ApiProperty({ type: [SelfServiceRightDto], description: 'What the policy gives on the team, by module (of the company plan)' })
  rights!: SelfServiceRightDto[];
}

export class UpdateLineManagerSettingsDto {
  @ApiProperty({ description: 'Turns the line-manager policy on or off' })
  @IsDefined({ message: 'Enabled is required' })
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled!: boolean;
}
