import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_DESCRIPTION } from '../../users/password-rule';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';
import { IsInDateRange, IsId, trim, trimToNull, IsOptionalNotNull, oneOf, normalizeAmount } from '../../../common/http/fields';
import { BILLING_CYCLES, BILLING_STATUSES, SUBSCRIPTION_STATUSES, type BillingCycle, type BillingStatus, type SubscriptionStatus } from '../company.entity';

/** Set (not undefined): an update changes only the fields it sends, and never to null. */
const present = (_: object, value: unknown) => value !== undefined;

/** The industries the free trial offers (platform.md section 3). */
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Manufacturing',
  'Retail',
  'Education',
  'Construction',
  'Consulting',
  'Real Estate',
  'Hospitality',
  'Transportation',
  'Other',
] as const;

export const COMPANY_CODE = /^[A-Za-z0-9_-]+$/;
const PHONE = /^\+?[0-9 ().-]{3,50}$/;

export function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function IsTimeZone(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isTimeZone',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must be an IANA time zone such as Europe/Paris`, ...options },
      validator: { validate: isTimeZone },
    });
}

/** The optional contact fields of a company (create and update alike; '' clears them). */
class CompanyContactDto {
  @ApiPropertyOptional({ enum: INDUSTRIES, nullable: true, example: 'Technology' })
  @IsOptional()
  @Transform(trimToNull)
  @IsIn([...INDUSTRIES], { message: `Industry must be one of ${oneOf(INDUSTRIES)}` })
  industry?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'hello@acme.example.com' })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(255, { message: 'Email must be at most 255 characters long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '+1 555 0100' })
  @IsOptional()
  @Transform(trimToNull)
  @Matches(PHONE, { message: 'Please enter a valid phone number' })
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Address must be at most 2000 characters long' })
  address?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://acme.example.com' })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(255, { message: 'Website must be at most 255 characters long' })
  @IsUrl({ protocols: ['http', 'https'] }, { message: 'Please enter a valid website URL' })
  website?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'End of the free trial' })
  @IsOptional()
  @Transform(trimToNull)
  @IsISO8601({ strict: true }, { message: 'Trial ends at must be a date and time (ISO 8601)' })
  @IsInDateRange()
  trial_ends_at?: string | null;
}

export class CreateCompanyDto extends CompanyContactDto {
  @ApiProperty({ example: 'Acme Corporation', maxLength: 200 })
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'Company name must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Company name is required' })
  company_name!: string;

  @ApiProperty({ example: 'ACME', maxLength: 50 })
  @Transform(trim)
  @IsString()
  @MaxLength(50, { message: 'Company code must be at most 50 characters long' })
  @Matches(COMPANY_CODE, { message: 'Company code may contain only letters, digits, dashes and underscores' })
  @IsNotEmpty({ message: 'Company code is required' })
  company_code!: string;

  @ApiPropertyOptional({ description: 'The package; the default package (Enterprise) when omitted' })
  @IsOptionalNotNull()
  @IsId('package_id')
  package_id?: number;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES, default: 'active' })
  @IsOptionalNotNull()
  @IsIn([...SUBSCRIPTION_STATUSES], { message: `Subscription status must be one of ${oneOf(SUBSCRIPTION_STATUSES)}` })
  subscription_status?: SubscriptionStatus;

  @ApiPropertyOptional({ default: 'UTC', example: 'America/New_York' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsTimeZone()
  time_zone?: string;

  @ApiPropertyOptional({ example: '7.25', description: "Tax in percent on the company's invoices (0 to 100, 2 decimals)" })
  @ValidateIf(present)
  @Transform(({ value }: { value: unknown }) => normalizeAmount(value))
  @Matches(/^(?:\d{1,2}\.\d{2}|100\.00)$/, { message: 'Tax rate must be a percent from 0 to 100 with at most 2 decimals' })
  tax_rate?: string;
}

export class UpdateCompanyDto extends CompanyContactDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString()
  @MaxLength(200, { message: 'Company name must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Company name is required' })
  company_name?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString()
  @MaxLength(50, { message: 'Company code must be at most 50 characters long' })
  @Matches(COMPANY_CODE, { message: 'Company code may contain only letters, digits, dashes and underscores' })
  @IsNotEmpty({ message: 'Company code is required' })
  company_code?: string;

  @ApiPropertyOptional()
  @ValidateIf(present)
  @IsId('package_id')
  package_id?: number;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES })
  @ValidateIf(present)
  @IsIn([...SUBSCRIPTION_STATUSES], { message: `Subscription status must be one of ${oneOf(SUBSCRIPTION_STATUSES)}` })
  subscription_status?: SubscriptionStatus;

  @ApiPropertyOptional({ example: 'America/New_York' })
  @ValidateIf(present)
  @Transform(trim)
  @IsTimeZone()
  time_zone?: string;

  @ApiPropertyOptional({ example: '7.25', description: "Tax in percent on the company's invoices (0 to 100, 2 decimals)" })
  @ValidateIf(present)
  @Transform(({ value }: { value: unknown }) => normalizeAmount(value))
  @Matches(/^(?:\d{1,2}\.\d{2}|100\.00)$/, { message: 'Tax rate must be a percent from 0 to 100 with at most 2 decimals' })
  tax_rate?: string;
}

export class CreateCompanyAdminDto {
  @ApiProperty({ example: 'acme.admin', minLength: 3, maxLength: 50 })
  @Transform(trim)
  @IsString()
  @MinLength(3, { message: 'Username must be at least 3 characters long' })
  @MaxLength(50, { message: 'Username must be at most 50 characters long' })
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'Username may contain only letters, digits, dots, dashes and underscores' })
  @IsNotEmpty({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'admin@acme.example.com' })
  @Transform(trim)
  @MaxLength(255)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @IsNotEmpty({ message: 'Email is required' })
  email!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: PASSWORD_RULE_DESCRIPTION })
  @NewPassword()
  password!: string;

  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'First name must be at most 100 characters long' })
  @IsNotEmpty({ message: 'First name is required' })
  first_name!: string;

  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'Last name must be at most 100 characters long' })
  @IsNotEmpty({ message: 'Last name is required' })
  last_name!: string;
}

// ---- responses

export class CompanyPackageDto {
  @ApiProperty() id!: number;
  @ApiProperty() package_code!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty({ example: '79.00' }) monthly_price!: string;
}

export class CompanyResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() company_name!: string;
  @ApiProperty() company_code!: string;
  @ApiProperty({ type: String, nullable: true }) industry!: string | null;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) address!: string | null;
  @ApiProperty({ type: String, nullable: true }) website!: string | null;
  @ApiProperty() time_zone!: string;
  @ApiProperty() package_id!: number;
  @ApiProperty({ type: CompanyPackageDto }) package!: CompanyPackageDto;
  @ApiProperty({ description: "The package's code" }) subscription_plan!: string;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) subscription_status!: SubscriptionStatus;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trial_ends_at!: Date | null;
  @ApiProperty({ enum: ['active', 'trial', 'trial_ended', 'suspended', 'cancelled'] }) subscription_state!: string;
  @ApiProperty({ enum: BILLING_STATUSES }) billing_status!: BillingStatus;
  @ApiProperty({ enum: BILLING_CYCLES }) billing_cycle!: BillingCycle;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-26', description: 'The renewal date' }) current_period_end!: string | null;
  @ApiProperty({ example: '0.00', description: 'Percent' }) tax_rate!: string;
  @ApiProperty({ description: 'Accounts of the company' }) users_count!: number;
  @ApiProperty() employees_count!: number;
  @ApiProperty() admins_count!: number;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
