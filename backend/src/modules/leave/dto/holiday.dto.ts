import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsDateOnly, trim, IsOptionalNotNull } from '../../../common/http/fields';
import { CHOSEN, IsChosen } from './chosen';

export class CreateHolidayDto {
  @ApiProperty({ format: 'date', example: '2026-12-25' })
  @IsDateOnly({ message: 'Holiday date must be a date (YYYY-MM-DD)' })
  holiday_date!: string;

  @ApiProperty({ maxLength: 150, example: 'Christmas Day' })
  @Transform(trim)
  @IsString({ message: 'Holiday name is required' })
  @MaxLength(150, { message: 'Name must be at most 150 characters long' })
  @IsNotEmpty({ message: 'Holiday name is required' })
  name!: string;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsChosen(CHOSEN.company)
  company_id?: number;
}

export class UpdateHolidayDto {
  @ApiPropertyOptional({ format: 'date', example: '2026-12-25' })
  @IsOptionalNotNull()
  @IsDateOnly({ message: 'Holiday date must be a date (YYYY-MM-DD)' })
  holiday_date?: string;

  @ApiPropertyOptional({ maxLength: 150, example: 'Christmas Day' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'Holiday name is required' })
  @MaxLength(150, { message: 'Name must be at most 150 characters long' })
  @IsNotEmpty({ message: 'Holiday name is required' })
  name?: string;
}

export class HolidayResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ format: 'date', example: '2026-12-25' }) holiday_date!: string;
  @ApiProperty({ example: 'Christmas Day' }) name!: string;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
