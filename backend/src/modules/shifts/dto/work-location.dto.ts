import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsId, trim, trimToNull, IsOptionalNotNull, IsDecimal } from '../../../common/http/fields';
import { DEFAULT_RADIUS, RADIUS_BOUNDS } from '../work-location.entity';

export const LOCATION_REQUIRED = 'Location name, latitude and longitude are required';
const RADIUS_MESSAGE = `radius must be a whole number of metres from ${RADIUS_BOUNDS.min} to ${RADIUS_BOUNDS.max}`;

const present = (_: object, value: unknown) => value !== undefined;
const noNull = ({ value }: { value: unknown }) => (value === null ? undefined : value);
/** Coordinates arrive as numbers or numeric strings (form inputs). */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value === '' ? undefined : value;

class WorkLocationDetailsDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000, example: '1 Market Street, San Francisco' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Address must be text' })
  @MaxLength(2000, { message: 'Address must be at most 2000 characters long' })
  address?: string | null;

  @ApiPropertyOptional({
    minimum: RADIUS_BOUNDS.min,
    maximum: RADIUS_BOUNDS.max,
    default: DEFAULT_RADIUS,
    description: "Metres; default the company's geolocation.default_radius (100)",
  })
  @IsOptionalNotNull()
  @Transform(noNull)
  @Transform(toNumber)
  @IsInt({ message: RADIUS_MESSAGE })
  @Min(RADIUS_BOUNDS.min, { message: RADIUS_MESSAGE })
  @Max(RADIUS_BOUNDS.max, { message: RADIUS_MESSAGE })
  radius?: number;

  @ApiPropertyOptional({ default: true })
  @IsOptionalNotNull()
  @Transform(noNull)
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class CreateWorkLocationDto extends WorkLocationDetailsDto {
  @ApiProperty({ maxLength: 200, example: 'Head Office' })
  @Transform(trim)
  @IsString({ message: LOCATION_REQUIRED })
  @MaxLength(200, { message: 'Location name must be at most 200 characters long' })
  @IsNotEmpty({ message: LOCATION_REQUIRED })
  location_name!: string;

  @ApiProperty({ minimum: -90, maximum: 90, example: 37.7937 })
  @Transform(toNumber)
  @IsDecimal(6, { message: 'Latitude must be a number from -90 to 90 with at most 6 decimals' })
  @Min(-90, { message: 'Latitude must be a number from -90 to 90 with at most 6 decimals' })
  @Max(90, { message: 'Latitude must be a number from -90 to 90 with at most 6 decimals' })
  @IsNotEmpty({ message: LOCATION_REQUIRED })
  latitude!: number;

  @ApiProperty({ minimum: -180, maximum: 180, example: -122.3965 })
  @Transform(toNumber)
  @IsDecimal(6, { message: 'Longitude must be a number from -180 to 180 with at most 6 decimals' })
  @Min(-180, { message: 'Longitude must be a number from -180 to 180 with at most 6 decimals' })
  @Max(180, { message: 'Longitude must be a number from -180 to 180 with at most 6 decimals' })
  @IsNotEmpty({ message: LOCATION_REQUIRED })
  longitude!: number;
}

export class UpdateWorkLocationDto extends WorkLocationDetailsDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: LOCATION_REQUIRED })
  @MaxLength(200, { message: 'Location name must be at most 200 characters long' })
  @IsNotEmpty({ message: LOCATION_REQUIRED })
  location_name?: string;

  @ApiPropertyOptional({ minimum: -90, maximum: 90 })
  @ValidateIf(present)
  @Transform(toNumber)
  @IsDecimal(6, { message: 'Latitude must be a number from -90 to 90 with at most 6 decimals' })
  @Min(-90, { message: 'Latitude must be a number from -90 to 90 with at most 6 decimals' })
  @Max(90, { message: 'Latitude must be a number from -90 to 90 with at most 6 decimals' })
  latitude?: number;

  @ApiPropertyOptional({ minimum: -180, maximum: 180 })
  @ValidateIf(present)
  @Transform(toNumber)
  @IsDecimal(6, { message: 'Longitude must be a number from -180 to 180 with at most 6 decimals' })
  @Min(-180, { message: 'Longitude must be a number from -180 to 180 with at most 6 decimals' })
  @Max(180, { message: 'Longitude must be a number from -180 to 180 with at most 6 decimals' })
  longitude?: number;
}

export class WorkLocationResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 1 }) company_id!: number;
  @ApiProperty({ example: 'Head Office' }) location_name!: string;
  @ApiProperty({ type: String, nullable: true }) address!: string | null;
  @ApiProperty({ example: 37.7937 }) latitude!: number;
  @ApiProperty({ example: -122.3965 }) longitude!: number;
  @ApiProperty({ example: 100, description: 'metres' }) radius!: number;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}
