import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { RegisterDto } from './register.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * The free trial started by a signed-in client account (no company yet): the company is created
 * and the account becomes its company_admin, keeping its e-mail address and password. Its company
 * fields are the free trial's (RegisterDto), the company's name required here.
 */
export class StartTrialDto extends PickType(RegisterDto, ['company_industry', 'company_code', 'package_id', 'time_zone'] as const) {
  @ApiProperty({ maxLength: 200, example: 'Acme Corporation' })
  @Transform(trim)
  @IsString({ message: 'Company name is required' })
  @MaxLength(200, { message: 'Company name must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Company name is required' })
  company_name!: string;

  @ApiPropertyOptional({ maxLength: 100, description: "The admin's first name; the account's own when omitted" })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'First name must be at most 100 characters long' })
  first_name?: string;

  @ApiPropertyOptional({ maxLength: 100, description: "The admin's last name; the account's own when omitted" })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'Last name must be at most 100 characters long' })
  last_name?: string;
}
