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
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';
import { IsId, oneOf } from '../../../common/http/fields';
import { COMPANY_CODE, INDUSTRIES, IsTimeZone } from '../../companies/dto/company.dto';

/** client, or company_admin when the registration creates a company (the free trial). */
function IsRegistrationRole() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isRegistrationRole',
      target: target.constructor,
      propertyName,
      options: {
        message: (args: ValidationArguments) =>
          (args.object as RegisterDto).create_company === true ? 'Role must be company admin' : 'Role must be client',
      },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === 'client' || ((args.object as RegisterDto).create_company === true && value === 'company_admin'),
      },
    });
}

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterDto {
  @ApiProperty({ example: 'jsmith', minLength: 3, maxLength: 50 })
  @Transform(trim)
  @IsString()
  @MinLength(3, { message: 'Username must be at least 3 characters long' })
  @MaxLength(50, { message: 'Username must be at most 50 characters long' })
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'Username may contain only letters, digits, dots, dashes and underscores' })
  @IsNotEmpty({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'jsmith@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(255)
  @IsNotEmpty({ message: 'Email is required' })
  email!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: PASSWORD_RULE_DESCRIPTION })
  @NewPassword()
  password!: string;

  @ApiPropertyOptional({
    enum: ['client', 'company_admin'],
    default: 'client',
    description: 'Self-registration creates clients; the free trial (create_company) registers a company_admin',
  })
  @IsOptional()
  @IsRegistrationRole()
  role?: 'client' | 'company_admin';

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  first_name?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  last_name?: string;

  // ---- the free trial: the company is created with its admin

  @ApiPropertyOptional({ description: 'true: create a company in trial with this user as its company_admin' })
  @IsOptional()
  @IsBoolean({ message: 'Create company must be true or false' })
  create_company?: boolean;

  @ApiPropertyOptional({ maxLength: 200, description: 'Required with create_company' })
  @ValidateIf((o: RegisterDto) => o.create_company === true || o.company_name !== undefined)
  @Transform(trim)
  @IsString({ message: 'Company name is required' })
  @MaxLength(200, { message: 'Company name must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Company name is required' })
  company_name?: string;

  @ApiPropertyOptional({ enum: INDUSTRIES })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
  @IsIn([...INDUSTRIES], { message: `Industry must be one of ${oneOf(INDUSTRIES)}` })
  company_industry?: string;

  @ApiPropertyOptional({ maxLength: 50, description: 'Made from the company name when omitted' })
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

  @ApiPropertyOptional({
    example: 'Europe/Berlin',
    description: "The new company's IANA time zone (its working day, dates and times); UTC when omitted",
  })
  @IsOptional()
  @Transform(trim)
  @IsTimeZone()
  time_zone?: string;
}
