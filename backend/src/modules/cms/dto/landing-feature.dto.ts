import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalCount, OptionalRequiredText, OptionalText, OptionalUrl } from './validators';

export class CreateLandingFeatureDto {
  @ApiProperty({ maxLength: 200, example: 'Payroll' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Title must be text' })
  @MaxLength(200, { message: 'Title must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Feature title is required' })
  title!: string;

  @OptionalText(2000) description?: string | null;
  @OptionalText(100, 'wallet') icon_name?: string | null;
  @OptionalUrl() image_url?: string | null;
  /** Left out: placed after the page's last feature. */
  @OptionalCount(0, 100_000, 1) order_index?: number;
}

export class UpdateLandingFeatureDto {
  @OptionalRequiredText(200, 'Feature title is required', 'Payroll') title?: string;
  @OptionalText(2000) description?: string | null;
  @OptionalText(100, 'wallet') icon_name?: string | null;
  @OptionalUrl() image_url?: string | null;
  @OptionalCount(0, 100_000, 1) order_index?: number;
}

export class LandingFeatureDto {
  @ApiProperty() id!: number;
  @ApiProperty() landing_page_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: String, nullable: true }) icon_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) image_url!: string | null;
  @ApiProperty() order_index!: number;
}
