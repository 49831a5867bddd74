import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS } from '../audit-log.entity';

export class AuditLogResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'When' }) created_at!: Date;
  @ApiProperty({ type: Number, nullable: true, description: 'Who (the superadmin while impersonating)' }) user_id!: number | null;
  @ApiProperty() user_email!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'As which company' }) company_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) company_name!: string | null;
  @ApiProperty({ enum: AUDIT_ACTIONS, description: 'What' }) action!: string;
  @ApiProperty({ type: String, nullable: true }) method!: string | null;
  @ApiProperty({ type: String, nullable: true }) path!: string | null;
  @ApiProperty({ type: Number, nullable: true }) status_code!: number | null;
  @ApiProperty({ type: String, nullable: true }) ip!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The X-Request-Id of the request, as in its log lines; null for scheduled jobs' })
  request_id!: string | null;
  @ApiProperty({ type: Object, nullable: true, description: 'Route parameters and the body, secrets redacted' })
  details!: Record<string, unknown> | null;
}
