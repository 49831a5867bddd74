import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NewPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_DESCRIPTION } from '../../users/password-rule';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { IsAmount, IsDateOnly, IsId, trim, trimToNull, IsOptionalNotNull, oneOf } from '../../../common/http/fields';
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, GENDERS, PAYMENT_FREQUENCIES } from '../employee.entity';
import { PAY_DESCRIPTION } from '../employee-access';
import { INVITATION_STATES, type InvitationState } from '../../auth/invitation.entity';

export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const LOGIN_REQUIRED = 'Username and password are required when login is enabled';
export const BOTH_LOGIN_KINDS = 'Either send an invitation or set a password with enable login, not both';

/** null or '' for a field with a default means "use the default" (create) or "unchanged" (update). */
const nullToUndefined = ({ value }: { value: unknown }) => (value === null || value === '' ? undefined : value);
const present = (_: object, value: unknown) => value !== undefined;

/** The optional fields every write of an employee accepts (ids excepted). */
export class EmployeeDetailsDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(100, { message: 'Middle name must be at most 100 characters long' })
  middle_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 50 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(50, { message: 'Phone must be at most 50 characters long' })
  phone?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '1990-04-21' })
  @IsOptional()
  @Transform(trimToNull)
  @IsDateOnly()
  date_of_birth?: string | null;

  @ApiPropertyOptional({ enum: GENDERS, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsIn([...GENDERS], { message: `Gender must be one of ${oneOf(GENDERS)}` })
  gender?: (typeof GENDERS)[number] | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Address must be at most 2000 characters long' })
  address?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(100, { message: 'City must be at most 100 characters long' })
  city?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(100, { message: 'State must be at most 100 characters long' })
  state?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(100, { message: 'Country must be at most 100 characters long' })
  country?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(20, { message: 'Postal code must be at most 20 characters long' })
  postal_code?: string | null;

  @ApiPropertyOptional({ enum: EMPLOYMENT_TYPES, default: 'full_time' })
  @Transform(nullToUndefined)
  @IsOptionalNotNull()
  @IsIn([...EMPLOYMENT_TYPES], { message: `Employment type must be one of ${oneOf(EMPLOYMENT_TYPES)}` })
  employment_type?: (typeof EMPLOYMENT_TYPES)[number];

  @ApiPropertyOptional({ enum: EMPLOYMENT_STATUSES, default: 'active' })
  @Transform(nullToUndefined)
  @IsOptionalNotNull()
  @IsIn([...EMPLOYMENT_STATUSES], { message: `Employment status must be one of ${oneOf(EMPLOYMENT_STATUSES)}` })
  employment_status?: (typeof EMPLOYMENT_STATUSES)[number];

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    example: '2026-06-30',
    description: 'Last day worked; payroll pro-rates the month of leaving and stops after it',
  })
  @IsOptional()
  @Transform(trimToNull)
  @IsDateOnly({ message: 'Termination date must be a date (YYYY-MM-DD)' })
  termination_date?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '85000.00',
    description:
      'Annual salary: the gross pay of a whole year, whatever the payment frequency (monthly pays a twelfth, weekly a 52nd). ' +
      "Decimal, 2 decimals. Outside the position's salary range it is still saved, and the answer's salary_warning says so. " +
      'Set or changed only by company admins and payroll staff (403 otherwise)',
  })
  @IsOptional()
  @IsAmount('salary')
  salary?: string | null;

  @ApiPropertyOptional({
    default: 'USD',
    example: 'USD',
    description: 'ISO 4217 code. Set or changed only by company admins and payroll staff (403 otherwise)',
  })
  @Transform(({ value }) => (value === null || value === '' ? undefined : typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsOptionalNotNull()
  @Matches(/^[A-Z]{3}$/, { message: 'Salary currency must be a 3-letter currency code' })
  salary_currency?: string;

  @ApiPropertyOptional({
    enum: PAYMENT_FREQUENCIES,
    default: 'monthly',
    description: 'Set or changed only by company admins and payroll staff (403 otherwise)',
  })
  @Transform(nullToUndefined)
  @IsOptionalNotNull()
  @IsIn([...PAYMENT_FREQUENCIES], { message: `Payment frequency must be one of ${oneOf(PAYMENT_FREQUENCIES)}` })
  payment_frequency?: (typeof PAYMENT_FREQUENCIES)[number];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(200, { message: 'Emergency contact name must be at most 200 characters long' })
  emergency_contact_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 50 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(50, { message: 'Emergency contact phone must be at most 50 characters long' })
  emergency_contact_phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(100, { message: 'Emergency contact relationship must be at most 100 characters long' })
  emergency_contact_relationship?: string | null;
}

/** The fields required on create (and on every imported row). */
export class EmployeeRequiredDto extends EmployeeDetailsDto {
  @ApiProperty({ maxLength: 50, example: 'EMP006', description: 'Unique in the company; cannot change after create' })
  @Transform(trim)
  @IsString({ message: REQUIRED_FIELDS })
  @MaxLength(50, { message: 'Employee code must be at most 50 characters long' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  employee_code!: string;

  @ApiProperty({ maxLength: 100, example: 'Ada' })
  @Transform(trim)
  @IsString({ message: REQUIRED_FIELDS })
  @MaxLength(100, { message: 'First name must be at most 100 characters long' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  first_name!: string;

  @ApiProperty({ maxLength: 100, example: 'Lovelace' })
  @Transform(trim)
  @IsString({ message: REQUIRED_FIELDS })
  @MaxLength(100, { message: 'Last name must be at most 100 characters long' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  last_name!: string;

  @ApiProperty({ maxLength: 255, example: 'ada@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(255, { message: 'Email must be at most 255 characters long' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  email!: string;

  @ApiProperty({ format: 'date', example: '2026-01-05' })
  @Transform(trim)
  @IsDateOnly({ message: 'Hire date must be a date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  hire_date!: string;
}

export class CreateEmployeeDto extends EmployeeRequiredDto {
  @ApiPropertyOptional({ type: Number, nullable: true, description: "A department of the caller's company" })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "A position of the caller's company" })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "An employee of the caller's company" })
  @IsOptional()
  @IsId('manager_id')
  manager_id?: number | null;

  @ApiPropertyOptional({ default: false, description: 'Create a sign-in (role employee) with username and password' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Enable login must be true or false' })
  enable_login?: boolean;

  @ApiPropertyOptional({
    default: false,
    description:
      'E-mail the employee a single-use link (valid 7 days) to choose their own password, in place of enable_login with a password. ' +
      'Accepting creates their sign-in (role employee), or attaches the self-registered account of that e-mail',
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Send invitation must be true or false' })
  send_invitation?: boolean;

  @ApiPropertyOptional({ minLength: 3, maxLength: 50, description: 'Required when enable_login' })
  @ValidateIf((o: CreateEmployeeDto) => o.enable_login === true)
  @Transform(trim)
  @IsString({ message: LOGIN_REQUIRED })
  @MinLength(3, { message: 'Username must be at least 3 characters long' })
  @MaxLength(50, { message: 'Username must be at most 50 characters long' })
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'Username may contain only letters, digits, dots, dashes and underscores' })
  @IsNotEmpty({ message: LOGIN_REQUIRED })
  username?: string;

  @ApiPropertyOptional({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: `Required when enable_login. ${PASSWORD_RULE_DESCRIPTION}`,
  })
  @ValidateIf((o: CreateEmployeeDto) => o.enable_login === true)
  @NewPassword(LOGIN_REQUIRED)
  password?: string;

  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

/**
 * Every field optional; a field sent is changed. employee_code may be sent (react-admin sends the
 * whole record) but must equal the current code: codes cannot change after create.
 */
export class UpdateEmployeeDto extends EmployeeDetailsDto {
  @ApiPropertyOptional({ maxLength: 50, description: 'Read-only: must equal the current code when sent' })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: REQUIRED_FIELDS })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  employee_code?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: REQUIRED_FIELDS })
  @MaxLength(100, { message: 'First name must be at most 100 characters long' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  first_name?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: REQUIRED_FIELDS })
  @MaxLength(100, { message: 'Last name must be at most 100 characters long' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  last_name?: string;

  @ApiPropertyOptional({ maxLength: 255 })
  @ValidateIf(present)
  @Transform(trim)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(255, { message: 'Email must be at most 255 characters long' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  email?: string;

  @ApiPropertyOptional({ format: 'date' })
  @ValidateIf(present)
  @Transform(trim)
  @IsDateOnly({ message: 'Hire date must be a date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: REQUIRED_FIELDS })
  hire_date?: string;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsId('manager_id')
  manager_id?: number | null;

  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

/** One row of an imported CSV file: departments, positions and managers by code. */
export class ImportEmployeeRowDto extends EmployeeRequiredDto {
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  department_code?: string | null;

  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  position_code?: string | null;

  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  manager_code?: string | null;
}

export class ImportEmployeesDto {
  @ApiProperty({
    description:
      'CSV text with a header row; columns as in the export (department_code, position_code and manager_code ' +
      'refer to existing records or, for manager_code, to a row of the same file; salary is the annual salary)',
  })
  @IsString({ message: 'Csv must be the text of a CSV file' })
  @MaxLength(900_000, { message: 'The file is too large (at most 900 KB)' })
  @IsNotEmpty({ message: 'The file is empty' })
  csv!: string;

  @ApiPropertyOptional({
    default: false,
    description: 'E-mail every imported employee (but the terminated) an invitation to choose their own password, as send_invitation on create',
  })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Send invitations must be true or false' })
  send_invitations?: boolean;
}

export class EmployeeResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty() employee_code!: string;
  @ApiProperty() first_name!: string;
  @ApiProperty() last_name!: string;
  @ApiProperty({ type: String, nullable: true }) middle_name!: string | null;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) date_of_birth!: string | null;
  @ApiProperty({ enum: GENDERS, nullable: true }) gender!: (typeof GENDERS)[number] | null;
  @ApiProperty({ type: String, nullable: true }) address!: string | null;
  @ApiProperty({ type: String, nullable: true }) city!: string | null;
  @ApiProperty({ type: String, nullable: true }) state!: string | null;
  @ApiProperty({ type: String, nullable: true }) country!: string | null;
  @ApiProperty({ type: String, nullable: true }) postal_code!: string | null;
  @ApiProperty({ type: Number, nullable: true }) department_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) department_name!: string | null;
  @ApiProperty({ type: Number, nullable: true }) position_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) position_title!: string | null;
  @ApiProperty({ type: Number, nullable: true }) manager_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) manager_name!: string | null;
  @ApiProperty({ enum: EMPLOYMENT_TYPES }) employment_type!: (typeof EMPLOYMENT_TYPES)[number];
  @ApiProperty({ enum: EMPLOYMENT_STATUSES }) employment_status!: (typeof EMPLOYMENT_STATUSES)[number];
  @ApiProperty({ type: String, format: 'date', nullable: true }) hire_date!: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) termination_date!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '85000.00',
    description: `Annual salary: the gross pay of a whole year, whatever the payment frequency (a monthly payslip's basic is a twelfth). ${PAY_DESCRIPTION}`,
  })
  salary?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: "The annual salary USD 4,200.00 is below the salary range of the position Accountant: USD 50,000.00 to USD 90,000.00",
    description:
      "In words, when the annual salary is outside the salary range of the employee's position (min_salary, max_salary); null otherwise. " +
      `A warning only: the salary is saved as sent. In the answer of one employee (read, create, update), not in the list. ${PAY_DESCRIPTION}`,
  })
  salary_warning?: string | null;
  @ApiPropertyOptional({ description: PAY_DESCRIPTION }) salary_currency?: string;
  @ApiPropertyOptional({ enum: PAYMENT_FREQUENCIES, description: PAY_DESCRIPTION }) payment_frequency?: (typeof PAYMENT_FREQUENCIES)[number];
  @ApiProperty({ type: String, nullable: true }) emergency_contact_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) emergency_contact_phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) emergency_contact_relationship!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The sign-in of this employee, if any' }) user_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({
    enum: INVITATION_STATES,
    nullable: true,
    description: 'The newest invitation to choose a password: pending (the link works), accepted, expired or revoked; null when none was sent',
  })
  invitation_status!: InvitationState | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the newest invitation was sent' })
  invitation_sent_at!: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Until when the newest invitation\'s link works' })
  invitation_expires_at!: Date | null;
  @ApiProperty({ type: String, nullable: true, example: 'Alice Admin', description: 'Who sent the newest invitation (their name); null when none was sent or that account is gone' })
  invited_by!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the newest invitation was sent; null when none was sent' })
  invited_at!: Date | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export class EmployeeManagerDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'Maya Manager' }) name!: string;
}

export class DirectReportDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'Ada Lovelace' }) name!: string;
  @ApiProperty({ type: String, nullable: true }) position_title!: string | null;
}

/** One employee's answer (read, create, update, invitations): the list's fields with the manager and the direct reports. */
export class EmployeeDetailDto extends EmployeeResponseDto {
  @ApiProperty({ type: EmployeeManagerDto, nullable: true, description: 'Whom the employee reports to (manager_id, manager_name); null when nobody' })
  manager!: EmployeeManagerDto | null;
  @ApiProperty({
    type: [DirectReportDto],
    description:
      "The people whose manager is this employee, by name: those within the caller's view scope of employees " +
      '(a line manager sees their team, which is everyone who reports to them directly or through others)',
  })
  direct_reports!: DirectReportDto[];
}

export class ImportResultDto {
  @ApiProperty({ example: 12 }) imported!: number;
}
