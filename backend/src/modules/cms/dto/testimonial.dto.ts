import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalCount, OptionalRequiredText, OptionalText, OptionalUrl } from './validators';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateTestimonialDto {
  /** Stars out of 5 (default 5). */
  @OptionalCount(1, 5, 5) rating?: number;

  @ApiProperty({ maxLength: 5000 })
  @Transform(trim)
  @IsString({ message: 'Testimonial text must be text' })
  @MaxLength(5000, { message: 'Testimonial text must be at most 5000 characters long' })
  @IsNotEmpty({ message: 'Testimonial text is required' })
  testimonial_text!: string;

  @ApiProperty({ maxLength: 200, example: 'Maria Santos' })
  @Transform(trim)
  @IsString({ message: 'Client name must be text' })
  @MaxLength(200, { message: 'Client name must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Client name is required' })
  client_name!: string;

  @OptionalText(200, 'HR Director') client_position?: string | null;
  @OptionalText(200, 'Northwind Logistics') client_company?: string | null;
  @OptionalUrl('https://example.com/avatar.png') client_avatar_url?: string | null;
}

export class UpdateTestimonialDto {
  @OptionalCount(1, 5, 5) rating?: number;
  @OptionalRequiredText(5000, 'Testimonial text is required') testimonial_text?: string;
  @OptionalRequiredText(200, 'Client name is required', 'Maria Santos') client_name?: string;
  @OptionalText(200) client_position?: string | null;
  @OptionalText(200) client_company?: string | null;
  @OptionalUrl() client_avatar_url?: string | null;
}

export class TestimonialDto {
  @ApiProperty() id!: number;
  @ApiProperty() landing_page_id!: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating!: number;
  @ApiProperty() testimonial_text!: string;
  @ApiProperty() client_name!: string;
  @ApiProperty({ type: String, nullable: true }) client_position!: string | null;
  @ApiProperty({ type: String, nullable: true }) client_company!: string | null;
  @ApiProperty({ type: String, nullable: true }) client_avatar_url!: string | null;
}
