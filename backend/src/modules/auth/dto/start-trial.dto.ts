import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsId, oneOf } from '../../../common/http/fields';
import { COMPANY_CODE, INDUSTRIES, IsTimeZone } from '../../companies/dto/company.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * The free trial started by a signed-in client account (no company yet): the company is created
 * and the account becomes its company_admin, keeping its e-mail address and password.
 */
export class StartTrialDto {
  @ApiProperty({ maxLength: 200, example: 'Acme Corporation' })
  @Transform(trim)
  @IsString({ message: 'Company name is required' })
  @MaxLength(200, { message: 'Company name must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Company name is required' })
  company_name!: string;

  @ApiPropertyOptional({ enum: INDUSTRIES })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
  @IsIn([...INDUSTRIES], { message: `Industry must be one of ${oneOf(INDUSTRIES)}` })
  company_industry?: string;

  @ApiPropertyOptional({ maxLength: 50, description: "Made from the company name when omitted or in use" })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(50, { message: 'Company code must be at most 50 characters long' })
  @Matches(COMPANY_CODE, { message: 'Company code may contain only letters, digits, dashes and underscores' })
  company_code?: string;

  @ApiPropertyOptional({ description: 'The chosen public package; the default package when omitted' })
  @IsOptional()
  @IsId('package_id')
  package_id?: number;

  @ApiPropertyOptional({ example: 'Europe/Berlin', description: "The company's IANA time zone (its working day, dates and times); UTC when omitted" })
  @IsOptional()
  @Transform(trim)
  @IsTimeZone()
  time_zone?: string;

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
