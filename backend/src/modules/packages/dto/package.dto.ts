import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsId, IsOptionalNotNull, normalizeAmount, trim, trimToNull, oneOf, fieldLabel } from '../../../common/http/fields';
import { FEATURE_MODULES, FEATURE_TYPES, type FeatureModule, type FeatureType } from '../feature.entity';
import { BILLING_CYCLES, BILLING_STATUSES, type BillingCycle, type BillingStatus } from '../../companies/company.entity';
import { InvoiceDetailDto, InvoiceResponseDto, NextInvoiceDto, ScheduledChangeDto } from '../../billing/dto/billing.dto';

/** A number sent as a number or a numeric string. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/** Prices: at least 0, two decimals, stored as numeric(10,2) and answered as a decimal string. */
const IsPrice = (label: string) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => normalizeAmount(value)),
    Matches(/^\d{1,8}\.\d{2}$/, { message: `${label} must be a number of at least 0 with at most 2 decimals` }),
  );

/** -1 (unlimited) or more. */
const IsLimit = (field: string) =>
  applyDecorators(
    Transform(toNumber),
    IsInt({ message: `${fieldLabel(field)} must be a whole number` }),
    Min(-1, { message: `${fieldLabel(field)} must be -1 (unlimited) or more` }),
    Max(1_000_000, { message: `${fieldLabel(field)} must be at most 1000000` }),
  );

const CODE = /^[A-Za-z0-9_-]+$/;
const CODE_MESSAGE = 'may contain only letters, digits, dashes and underscores';

export class CreatePackageDto {
  @ApiProperty({ example: 'startup', maxLength: 50, description: 'Fixed after creation' })
  @Transform(trim)
  @IsString()
  @MaxLength(50, { message: 'Package code must be at most 50 characters long' })
  @Matches(CODE, { message: `Package code ${CODE_MESSAGE}` })
  @IsNotEmpty({ message: 'Package code is required' })
  package_code!: string;

  @ApiProperty({ example: 'Startup', maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'Package name must be at most 100 characters long' })
  @IsNotEmpty({ message: 'Package name is required' })
  package_name!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiProperty({ type: String, example: '49.00', description: 'Dollars per month; a number or a decimal string' })
  @IsPrice('Monthly price')
  @IsNotEmpty({ message: 'Monthly price is required' })
  monthly_price!: string;

  @ApiProperty({ type: String, example: '490.00', description: 'Dollars per year' })
  @IsPrice('Annual price')
  @IsNotEmpty({ message: 'Annual price is required' })
  annual_price!: string;

  @ApiPropertyOptional({ default: 50, minimum: -1, description: '-1 = unlimited' })
  @IsOptionalNotNull()
  @IsLimit('max_employees')
  max_employees?: number;

  @ApiPropertyOptional({ default: 5, minimum: -1, description: '-1 = unlimited' })
  @IsOptionalNotNull()
  @IsLimit('max_admins')
  max_admins?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptionalNotNull()
  @Transform(toNumber)
  @IsInt({ message: 'Trial days must be a whole number' })
  @Min(0, { message: 'Trial days must be 0 or more' })
  @Max(365, { message: 'Trial days must be at most 365' })
  trial_days?: number;

  @ApiPropertyOptional({ default: false })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is popular must be true or false' })
  is_popular?: boolean;

  @ApiPropertyOptional({ default: 0 })
  @IsOptionalNotNull()
  @Transform(toNumber)
  @IsInt({ message: 'Sort order must be a whole number' })
  @Min(-100000)
  @Max(100000)
  sort_order?: number;

  @ApiPropertyOptional({ default: true, description: 'Only active packages are offered publicly' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;
}

/** An update changes only the fields it sends, with the rules of creation, and never sets one to null. */
export class UpdatePackageDto extends PartialType(CreatePackageDto, { skipNullProperties: false }) {}

export class CreateFeatureDto {
  @ApiProperty({ example: 'face_recognition', maxLength: 50 })
  @Transform(trim)
  @IsString()
  @MaxLength(50, { message: 'Feature code must be at most 50 characters long' })
  @Matches(CODE, { message: `Feature code ${CODE_MESSAGE}` })
  @IsNotEmpty({ message: 'Feature code is required' })
  feature_code!: string;

  @ApiProperty({ example: 'Face Recognition', maxLength: 100 })
  @Transform(trim)
  @IsString()
  @MaxLength(100, { message: 'Feature name must be at most 100 characters long' })
  @IsNotEmpty({ message: 'Feature name is required' })
  feature_name!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiProperty({ enum: FEATURE_MODULES })
  @IsIn([...FEATURE_MODULES], { message: `Module must be one of ${oneOf(FEATURE_MODULES)}` })
  @IsNotEmpty({ message: 'Module is required' })
  module!: FeatureModule;

  @ApiProperty({ enum: FEATURE_TYPES })
  @IsIn([...FEATURE_TYPES], { message: `Type must be one of ${oneOf(FEATURE_TYPES)}` })
  @IsNotEmpty({ message: 'Type is required' })
  feature_type!: FeatureType;

  @ApiPropertyOptional({ default: true })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;
}

export class UpdateFeatureDto extends PartialType(CreateFeatureDto, { skipNullProperties: false }) {}

export class PackageFeatureItemDto {
  @ApiProperty()
  @IsId('feature_id')
  feature_id!: number;

  @ApiProperty()
  @IsBoolean({ message: 'Is included must be true or false' })
  is_included!: boolean;
}

export class SetPackageFeaturesDto {
  @ApiProperty({ type: [PackageFeatureItemDto] })
  @IsArray({ message: 'Features must be a list of features, each with its ID and whether it is included' })
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => PackageFeatureItemDto)
  features!: PackageFeatureItemDto[];
}

// ---- responses

export class FeatureResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() feature_code!: string;
  @ApiProperty() feature_name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: FEATURE_MODULES }) module!: FeatureModule;
  @ApiProperty({ enum: FEATURE_TYPES }) feature_type!: FeatureType;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The permission module key the feature grants' })
  grants_module!: string | null;
  @ApiProperty() created_at!: Date;
}

export class IncludedFeatureDto {
  @ApiProperty() id!: number;
  @ApiProperty() feature_code!: string;
  @ApiProperty() feature_name!: string;
  @ApiProperty({ enum: FEATURE_MODULES }) module!: FeatureModule;
}

export class PackageResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() package_code!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ example: '79.00' }) monthly_price!: string;
  @ApiProperty({ example: '790.00' }) annual_price!: string;
  @ApiProperty({ description: '-1 = unlimited' }) max_employees!: number;
  @ApiProperty({ description: '-1 = unlimited' }) max_admins!: number;
  @ApiProperty() trial_days!: number;
  @ApiProperty() is_popular!: boolean;
  @ApiProperty() sort_order!: number;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ description: 'Companies on this package' }) companies_count!: number;
  @ApiProperty({ type: [IncludedFeatureDto], description: 'Included, active features' })
  included_features!: IncludedFeatureDto[];
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export class PackageFeatureLinkDto {
  @ApiProperty() feature_id!: number;
  @ApiProperty() feature_code!: string;
  @ApiProperty() feature_name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: FEATURE_MODULES }) module!: FeatureModule;
  @ApiProperty({ enum: FEATURE_TYPES }) feature_type!: FeatureType;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() is_included!: boolean;
}

export class PackageDetailDto extends PackageResponseDto {
  @ApiProperty({ type: [PackageFeatureLinkDto], description: 'Every feature of the catalogue, with whether this package includes it' })
  features!: PackageFeatureLinkDto[];
}

export class PublicFeatureDto {
  @ApiProperty() feature_code!: string;
  @ApiProperty() feature_name!: string;
}

export class PublicPackageDto {
  @ApiProperty() id!: number;
  @ApiProperty() package_code!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ example: '79.00' }) monthly_price!: string;
  @ApiProperty({ example: '790.00' }) annual_price!: string;
  @ApiProperty() trial_days!: number;
  @ApiProperty({ description: '-1 = unlimited' }) max_employees!: number;
  @ApiProperty({ description: '-1 = unlimited' }) max_admins!: number;
  @ApiProperty() is_popular!: boolean;
  @ApiProperty() sort_order!: number;
  @ApiProperty({ type: [PublicFeatureDto] }) included_features!: PublicFeatureDto[];
}

export class SubscriptionPackageDto {
  @ApiProperty() id!: number;
  @ApiProperty() package_code!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty() monthly_price!: string;
  @ApiProperty() annual_price!: string;
  @ApiProperty() max_employees!: number;
  @ApiProperty() max_admins!: number;
}

export class SubscriptionResponseDto {
  @ApiProperty() company_id!: number;
  @ApiProperty() company_name!: string;
  @ApiProperty({ type: SubscriptionPackageDto }) package!: SubscriptionPackageDto;
  @ApiProperty() subscription_plan!: string;
  @ApiProperty({ enum: ['active', 'suspended', 'cancelled'] }) subscription_status!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trial_ends_at!: Date | null;
  @ApiProperty({ enum: ['active', 'trial', 'trial_ended', 'suspended', 'cancelled'] }) state!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Whole days left in the trial' }) trial_days_left!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why writes are refused (402), or null' })
  write_blocked_reason!: string | null;
  @ApiProperty({ type: [String], description: 'Permission module keys of the plan' }) modules!: string[];
  @ApiProperty({ type: [String], description: 'Feature codes of the plan' }) features!: string[];
  @ApiProperty() employees_count!: number;
  @ApiProperty() admins_count!: number;
  @ApiProperty({ description: 'Bytes of the files the company stores (leave attachments)', example: 1048576 }) files_bytes!: number;
  @ApiProperty({ enum: BILLING_CYCLES }) billing_cycle!: BillingCycle;
  @ApiProperty({ enum: BILLING_STATUSES, description: 'trialing → active → past_due → suspended, or cancelled' })
  billing_status!: BillingStatus;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-26' }) current_period_start!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-26', description: 'The renewal date' })
  current_period_end!: string | null;
  @ApiProperty({ description: 'The subscription ends at the period end instead of renewing' }) cancel_at_period_end!: boolean;
  @ApiProperty({ type: ScheduledChangeDto, nullable: true, description: 'A downgrade waiting for the period end' })
  scheduled_change!: ScheduledChangeDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Why the scheduled change was not made at the start of this period (the company was over the waiting package's limits), or null",
  })
  scheduled_change_refused!: string | null;
  @ApiProperty({ type: InvoiceResponseDto, nullable: true, description: 'The invoice of a chosen plan that applies once paid' })
  pending_invoice!: InvoiceResponseDto | null;
  @ApiProperty({ type: NextInvoiceDto, nullable: true, description: 'The renewal invoice, as it stands today' })
  next_invoice!: NextInvoiceDto | null;
  @ApiProperty({
    type: [InvoiceDetailDto],
    description: 'The open invoices, oldest due first, each with how to pay it (instructions, the reference to quote) and whether the company said it has paid',
  })
  open_invoices!: InvoiceDetailDto[];
  @ApiProperty({ example: '79.00', description: 'Still due on open invoices' }) amount_due!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-10', description: 'The due date of the oldest overdue invoice' })
  overdue_since!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'What the company admin must know about its billing (past due, suspended), or null' })
  billing_notice!: string | null;
  @ApiProperty({ example: '0.00' }) tax_rate!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
}

/** The answer of choosing a plan: the subscription, and the invoice it issued (if any). */
export class ChoosePlanResultDto {
  @ApiProperty({ type: SubscriptionResponseDto }) subscription!: SubscriptionResponseDto;
  @ApiProperty({ type: InvoiceResponseDto, nullable: true }) invoice!: InvoiceResponseDto | null;
}
