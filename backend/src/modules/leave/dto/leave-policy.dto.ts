import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { trim, trimToNull, IsOptionalNotNull, IsDecimal, fieldLabel } from '../../../common/http/fields';

export const POLICY_NAME_REQUIRED = 'Policy name is required';
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

const wholeNumber = (field: string, max: number) =>
  applyDecorators(
    IsOptional(),
    Transform(emptyToNull),
    IsInt({ message: `${fieldLabel(field)} must be a whole number of at least 0` }),
    Min(0, { message: `${fieldLabel(field)} must be a whole number of at least 0` }),
    Max(max, { message: `${fieldLabel(field)} must be at most ${max}` }),
  );

/** The fields of hr.md 3 "Leave policy", with their names on the wire. */
class LeavePolicyFieldsDto {
  @ApiPropertyOptional({ nullable: true, type: String, example: 'Standard paid annual leave' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ description: 'Unused days move into the next year. Default false' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Carry over enabled must be true or false' })
  carryOverEnabled?: boolean;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, example: 10, description: 'Cap of carried-over days (steps of 0.5); none = no cap' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsDecimal(1, { message: 'Max carry over days must be a number of at least 0' })
  @Min(0, { message: 'Max carry over days must be a number of at least 0' })
  @Max(366, { message: 'Max carry over days must be at most 366' })
  maxCarryOverDays?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, example: 6, description: 'Carried-over days expire this many months after 1 January; none = never' })
  @wholeNumber('expiryMonths', 12)
  expiryMonths?: number | null;

  @ApiPropertyOptional({ description: 'Joiners get the share of the year from their hire date. Default false' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Pro ration enabled must be true or false' })
  proRationEnabled?: boolean;

  @ApiPropertyOptional({ description: 'Requests need an attached document. Default false' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Requires doctor note must be true or false' })
  requiresDoctorNote?: boolean;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, example: 10, description: "Overrides the max_days_per_year of the types following the policy" })
  @wholeNumber('maxDaysPerYear', 366)
  maxDaysPerYear?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, example: 3, description: 'The most days one request may cover' })
  @wholeNumber('consecutiveDaysLimit', 366)
  consecutiveDaysLimit?: number | null;

  @ApiPropertyOptional({ description: 'Default true' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Paid leave enabled must be true or false' })
  paidLeaveEnabled?: boolean;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, example: 12 })
  @wholeNumber('maternityWeeks', 104)
  maternityWeeks?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, example: 2 })
  @wholeNumber('paternityWeeks', 104)
  paternityWeeks?: number | null;
}

export class CreateLeavePolicyDto extends LeavePolicyFieldsDto {
  @ApiProperty({ maxLength: 100, example: 'Annual' })
  @Transform(trim)
  @IsString({ message: POLICY_NAME_REQUIRED })
  @MaxLength(100, { message: 'Name must be at most 100 characters long' })
  @IsNotEmpty({ message: POLICY_NAME_REQUIRED })
  name!: string;
}

export class UpdateLeavePolicyDto extends LeavePolicyFieldsDto {
  @ApiPropertyOptional({ maxLength: 100, example: 'Annual' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: POLICY_NAME_REQUIRED })
  @MaxLength(100, { message: 'Name must be at most 100 characters long' })
  @IsNotEmpty({ message: POLICY_NAME_REQUIRED })
  name?: string;
}

export class LeavePolicyResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'Annual' }) name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty() carryOverEnabled!: boolean;
  @ApiProperty({ type: Number, nullable: true, example: 10 }) maxCarryOverDays!: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 6 }) expiryMonths!: number | null;
  @ApiProperty() proRationEnabled!: boolean;
  @ApiProperty() requiresDoctorNote!: boolean;
  @ApiProperty({ type: Number, nullable: true }) maxDaysPerYear!: number | null;
  @ApiProperty({ type: Number, nullable: true }) consecutiveDaysLimit!: number | null;
  @ApiProperty() paidLeaveEnabled!: boolean;
  @ApiProperty({ type: Number, nullable: true }) maternityWeeks!: number | null;
  @ApiProperty({ type: Number, nullable: true }) paternityWeeks!: number | null;
  @ApiProperty({ type: [Number], description: 'Ids of the leave types following the policy' }) leave_type_ids!: number[];
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
