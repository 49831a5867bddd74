import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsAmount, IsId, trim, trimToNull, oneOf } from '../../../common/http/fields';
import { BONUS_TYPES, type BonusType } from '../bonus-rule-tier.entity';
import { CompanyScopedDto } from './common.dto';

export const MAX_TIERS = 10;
const present = (_: object, value: unknown) => value !== undefined;
const noNull = ({ value }: { value: unknown }) => (value === null ? undefined : value);

export class BonusTierDto {
  @ApiProperty({ example: '100.00', description: 'Achievement (percent) from which this tier applies, 0 to 1000' })
  @IsAmount('min_achievement')
  @IsNotEmpty({ message: 'Min achievement is required' })
  min_achievement!: string;

  @ApiProperty({ enum: BONUS_TYPES, description: 'fixed: an amount; salary_percentage: a percent of the monthly salary (annual salary / 12)' })
  @IsIn(BONUS_TYPES, { message: `Bonus type must be one of ${oneOf(BONUS_TYPES)}` })
  @IsNotEmpty({ message: 'Bonus type is required' })
  bonus_type!: BonusType;

  @ApiProperty({ example: '500.00', description: 'The amount (fixed) or the percent (salary_percentage, at most 1000)' })
  @IsAmount('bonus_value')
  @IsNotEmpty({ message: 'Bonus value is required' })
  bonus_value!: string;
}

/**
 * A tier as a rule's body sends it: the answer's fields and rules, under its own name so the
 * document closes it (the validation pipe refuses an unknown field; an answer's schema stays open).
 */
export class BonusTierInputDto extends BonusTierDto {}

class RuleDetailsDto extends CompanyScopedDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2000.00', description: 'Cap on one payment; none when null' })
  @IsOptional()
  @IsAmount('max_bonus_amount')
  max_bonus_amount?: string | null;

  @ApiPropertyOptional({ default: true, description: 'A KPI has at most one active rule' })
  @Transform(noNull)
  @IsOptional()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;
}

export class CreateBonusRuleDto extends RuleDetailsDto {
  @ApiProperty({ example: 7 })
  @IsId('kpi_id')
  @IsNotEmpty({ message: 'KPI ID is required' })
  kpi_id!: number;

  @ApiProperty({ maxLength: 150, example: 'Sales quarterly bonus' })
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MaxLength(150, { message: 'Name must be at most 150 characters long' })
  @IsNotEmpty({ message: 'Name is required' })
  name!: string;

  @ApiProperty({
    type: [BonusTierInputDto],
    description: `1 to ${MAX_TIERS} tiers with distinct min_achievement; the highest tier reached applies`,
    example: [
      { min_achievement: '80.00', bonus_type: 'fixed', bonus_value: '200.00' },
      { min_achievement: '100.00', bonus_type: 'salary_percentage', bonus_value: '10.00' },
    ],
  })
  // checked bottom-up: the list itself first
  @ArrayMaxSize(MAX_TIERS, { message: `At most ${MAX_TIERS} tiers` })
  @ArrayMinSize(1, { message: 'Add at least one tier' })
  @IsArray({ message: 'Tiers must be a list' })
  @ValidateNested({ each: true })
  @Type(() => BonusTierInputDto)
  tiers!: BonusTierDto[];
}

/** Only the fields sent change; tiers, when sent, replace all the tiers. */
export class UpdateBonusRuleDto extends RuleDetailsDto {
  @ApiPropertyOptional({ example: 7 })
  @ValidateIf(present)
  @IsId('kpi_id')
  kpi_id?: number;

  @ApiPropertyOptional({ maxLength: 150 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MaxLength(150, { message: 'Name must be at most 150 characters long' })
  @IsNotEmpty({ message: 'Name is required' })
  name?: string;

  @ApiPropertyOptional({
    type: [BonusTierInputDto],
    description: 'When sent, replace all the tiers',
    example: [{ min_achievement: '100.00', bonus_type: 'fixed', bonus_value: '300.00' }],
  })
  @ValidateIf(present)
  // checked bottom-up: the list itself first
  @ArrayMaxSize(MAX_TIERS, { message: `At most ${MAX_TIERS} tiers` })
  @ArrayMinSize(1, { message: 'Add at least one tier' })
  @IsArray({ message: 'Tiers must be a list' })
  @ValidateNested({ each: true })
  @Type(() => BonusTierInputDto)
  tiers?: BonusTierDto[];
}

export class BonusRuleResponseDto {
  @ApiProperty({ example: 4 }) id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty({ example: 7 }) kpi_id!: number;
  @ApiProperty({ example: 'Monthly sales revenue' }) kpi_name!: string;
  @ApiProperty({ example: 'Sales quarterly bonus' }) name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2000.00' }) max_bonus_amount!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: [BonusTierDto], description: 'By min_achievement, lowest first' }) tiers!: BonusTierDto[];
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
