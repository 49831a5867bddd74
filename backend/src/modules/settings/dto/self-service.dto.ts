import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';

export class SelfServiceRightDto {
  @ApiProperty({ example: 'attendance' }) module!: string;
  @ApiProperty({ example: ['view', 'create'], type: [String] }) actions!: string[];
}

export class SelfServiceSettingsDto {
  @ApiProperty({
    description:
      'On (the default): every active employee with a login checks in and out, sees their attendance, requests and ' +
      'cancels their leave, sees their balances, their payslips, the tasks assigned to them and their KPI targets, values and bonus payments, on their own records only, when the plan has the ' +
      'module; the permission matrix governs everything else. Off: only the matrix.',
  })
  enabled!: boolean;

  @ApiProperty({ type: [SelfServiceRightDto], description: 'What the policy gives, by module (of the company plan)' })
  rights!: SelfServiceRightDto[];
}

export class UpdateSelfServiceSettingsDto {
  @ApiProperty({ description: 'Turns the self-service policy on or off' })
  @IsDefined({ message: 'Enabled is required' })
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled!: boolean;
}
