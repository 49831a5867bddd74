import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/fields';

export class NotificationPreferencesDto {
  @ApiProperty({ description: 'send notifications by email at all' }) email!: boolean;
  @ApiProperty({ description: 'leave requests and their decisions' }) leave_requests!: boolean;
  @ApiProperty({ description: 'payroll runs and payslips' }) payroll_updates!: boolean;
}

export class UpdateNotificationPreferencesDto {
  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Email must be true or false' })
  email?: boolean;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Leave requests must be true or false' })
  leave_requests?: boolean;

  @ApiPropertyOptional()
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Payroll updates must be true or false' })
  payroll_updates?: boolean;
}
