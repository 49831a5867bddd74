import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsISO8601, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsInDateRange, trimToNull, IsOptionalNotNull } from '../../../common/http/fields';

export const DEFAULT_LOCATION_TEXT = 'Office';

const toNumber = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : typeof value === 'string' && Number.isFinite(Number(value)) ? Number(value) : value;
const bothCoordinates = (o: { latitude?: number; longitude?: number }) => o.latitude !== undefined || o.longitude !== undefined;

/** The body of a check-in or check-out: where (text and, optionally, the device's position) and when. */
export class AttendancePunchDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, default: DEFAULT_LOCATION_TEXT, example: 'Office' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Location must be text' })
  @MaxLength(255, { message: 'Location must be at most 255 characters long' })
  location?: string | null;

  @ApiPropertyOptional({ minimum: -90, maximum: 90, example: 37.7937, description: 'Sent with longitude' })
  @ValidateIf(bothCoordinates)
  @Transform(toNumber)
  @IsNumber({}, { message: 'Latitude must be a number from -90 to 90 (sent with longitude)' })
  @Min(-90, { message: 'Latitude must be a number from -90 to 90 (sent with longitude)' })
  @Max(90, { message: 'Latitude must be a number from -90 to 90 (sent with longitude)' })
  latitude?: number;

  @ApiPropertyOptional({ minimum: -180, maximum: 180, example: -122.3965, description: 'Sent with latitude' })
  @ValidateIf(bothCoordinates)
  @Transform(toNumber)
  @IsNumber({}, { message: 'Longitude must be a number from -180 to 180 (sent with latitude)' })
  @Min(-180, { message: 'Longitude must be a number from -180 to 180 (sent with latitude)' })
  @Max(180, { message: 'Longitude must be a number from -180 to 180 (sent with latitude)' })
  longitude?: number;

  @ApiPropertyOptional({ minimum: 0, example: 12.5, description: 'Metres (the browser’s coords.accuracy)' })
  @IsOptionalNotNull()
  @Transform(toNumber)
  @IsNumber({}, { message: 'Accuracy must be a number of metres, at least 0' })
  @Min(0, { message: 'Accuracy must be a number of metres, at least 0' })
  @Max(999999, { message: 'Accuracy must be at most 999999 metres' })
  accuracy?: number;

  @ApiPropertyOptional({
    example: '2026-03-02T08:55:00.000Z',
    description:
      'When it happened on the device (ISO 8601). Within 5 minutes of the server clock the server time is used; ' +
      "an older time is an offline entry, accepted up to the company's offline_checkin_max_age_hours back (default 24) " +
      'when allow_offline_checkin is on (flagged is_offline, with check_in_received_at the time it arrived).',
  })
  @IsOptionalNotNull()
  @IsISO8601({ strict: true }, { message: 'Timestamp must be an ISO 8601 date-time' })
  @IsInDateRange()
  timestamp?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 128,
    example: 'b3f7c2d0-5a4e-4d8e-9f3a-2c1e0b9a8d7f',
    description: 'A stable id of the device (same as the X-Device-Id header), for the device settings',
  })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Device ID must be text' })
  @MaxLength(128, { message: 'Device ID must be at most 128 characters long' })
  device_id?: string | null;
}

export class CheckInDto extends AttendancePunchDto {}
export class CheckOutDto extends AttendancePunchDto {}
