import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDivisibleBy,
  IsInt,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { fieldLabel, IsOptionalNotNull } from '../../../common/http/fields';
import { ATTENDANCE_BOUNDS, DEFAULT_ATTENDANCE_SETTINGS as D } from '../attendance-settings.defaults';
import { isIpAddress, isIpOrCidr } from '../ip-ranges';

type BoundedField = keyof typeof ATTENDANCE_BOUNDS;

/**
 * The browser test of the settings page asserts this field's message word for word, with its
 * group, as the console showed it before messages named fields in words.
 */
const KEPT_MESSAGES: Partial<Record<BoundedField, string>> = {
  accuracy_threshold: 'geolocation.accuracy_threshold must be a whole number from 1 to 100 m',
};

/** A whole number within the bounds of hr.md 5; the message names the field in words. */
const Bounded = (field: BoundedField, unit: string, def?: number, description?: string) => {
  const b = ATTENDANCE_BOUNDS[field];
  const message = KEPT_MESSAGES[field] ?? `${fieldLabel(field)} must be a whole number from ${b.min} to ${b.max}${unit}`;
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      minimum: b.min,
      maximum: b.max,
      ...('step' in b ? { multipleOf: b.step } : {}),
      ...(def === undefined ? {} : { default: def }),
      ...(description ? { description } : {}),
    }),
    IsInt({ message }),
    Min(b.min, { message }),
    Max(b.max, { message }),
    ...('step' in b ? [IsDivisibleBy(b.step, { message: `${fieldLabel(field)} must be a multiple of ${b.step}${unit}` })] : []),
  );
};

const Flag = (field: string, def: boolean) =>
  applyDecorators(ApiProperty({ default: def }), IsBoolean({ message: `${fieldLabel(field)} must be true or false` }));

const trimList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '') : value;

function EachIs(check: (v: unknown) => boolean, describe: string, field: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'eachIs',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: (args) => {
          const bad = (args.value as unknown[]).find((v) => !check(v));
          return `${field}: ${JSON.stringify(bad)} is not ${describe}`;
        },
      },
      validator: { validate: (value: unknown) => Array.isArray(value) && value.every(check) },
    });
}

const AddressList = (field: string, check: (v: unknown) => boolean, describe: string, example: string[]) =>
  applyDecorators(
    ApiProperty({ type: [String], example, description: describe }),
    Transform(trimList),
    IsArray({ message: `${fieldLabel(field)} must be a list` }),
    ArrayMaxSize(500, { message: `${fieldLabel(field)} has more than 500 entries` }),
    EachIs(check, describe, fieldLabel(field)),
  );

export class GeneralSettingsDto {
  @Flag('enable_geolocation', D.general.enable_geolocation) enable_geolocation!: boolean;
  @Flag('require_location_check', D.general.require_location_check) require_location_check!: boolean;
  @Flag('allow_offline_checkin', D.general.allow_offline_checkin) allow_offline_checkin!: boolean;
  @Bounded('offline_checkin_max_age_hours', ' hours', D.general.offline_checkin_max_age_hours, 'How many hours after it happened an offline check-in or check-out is still accepted')
  offline_checkin_max_age_hours!: number;
  @Flag('auto_check_out', D.general.auto_check_out) auto_check_out!: boolean;

  @ApiProperty({ example: '18:00', default: D.general.check_out_time, description: 'HH:MM' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Check out time must be a time HH:MM' })
  check_out_time!: string;

  @Flag('ip_based_attendance', D.general.ip_based_attendance) ip_based_attendance!: boolean;
  @Flag('face_recognition', D.general.face_recognition) face_recognition!: boolean;
  @Flag('notification_enabled', D.general.notification_enabled) notification_enabled!: boolean;
}

export class GeolocationSettingsDto {
  @Bounded('default_radius', ' m') default_radius!: number;
  @Bounded('max_radius', ' m') max_radius!: number;
  @Bounded('accuracy_threshold', ' m') accuracy_threshold!: number;
  @Bounded('location_timeout', ' ms') location_timeout!: number;
  @Flag('enable_gps', D.geolocation.enable_gps) enable_gps!: boolean;
  @Flag('enable_network_location', D.geolocation.enable_network_location) enable_network_location!: boolean;
  @Flag('enable_wifi_scanning', D.geolocation.enable_wifi_scanning) enable_wifi_scanning!: boolean;
  @Bounded('location_retention_days', ' days') location_retention_days!: number;
}

export class DeviceSettingsDto {
  @Flag('allow_mobile_devices', D.device.allow_mobile_devices) allow_mobile_devices!: boolean;
  @Flag('allow_desktop_devices', D.device.allow_desktop_devices) allow_desktop_devices!: boolean;

  @ApiProperty({ type: [String], description: 'device ids allowed when restrict_by_device_id is on' })
  @Transform(trimList)
  @IsArray({ message: 'Device whitelist must be a list' })
  @ArrayMaxSize(500, { message: 'Device whitelist has more than 500 entries' })
  @IsString({ each: true, message: 'Device whitelist must be a list of device ids' })
  @MinLength(1, { each: true, message: 'Device whitelist must not contain empty ids' })
  @MaxLength(200, { each: true, message: 'Device whitelist: a device id is at most 200 characters long' })
  device_whitelist!: string[];

  @Flag('restrict_by_device_id', D.device.restrict_by_device_id) restrict_by_device_id!: boolean;
  @Flag('enable_device_tracking', D.device.enable_device_tracking) enable_device_tracking!: boolean;
  @Bounded('max_devices_per_user', '') max_devices_per_user!: number;
}

export class NetworkSettingsDto {
  @Flag('enable_ip_restriction', D.network.enable_ip_restriction) enable_ip_restriction!: boolean;

  @AddressList('allowed_ip_ranges', isIpOrCidr, 'a CIDR range or an IP address', ['192.168.1.0/24', '10.0.0.5'])
  allowed_ip_ranges!: string[];

  @Flag('enable_ip_whitelist', D.network.enable_ip_whitelist) enable_ip_whitelist!: boolean;

  @AddressList('trusted_ips', isIpAddress, 'an IP address', ['203.0.113.7'])
  trusted_ips!: string[];

  @Flag('enable_ip_tracking', D.network.enable_ip_tracking) enable_ip_tracking!: boolean;
}

export class AttendanceSettingsDto {
  @ApiProperty({ type: GeneralSettingsDto }) general!: GeneralSettingsDto;
  @ApiProperty({ type: GeolocationSettingsDto }) geolocation!: GeolocationSettingsDto;
  @ApiProperty({ type: DeviceSettingsDto }) device!: DeviceSettingsDto;
  @ApiProperty({ type: NetworkSettingsDto }) network!: NetworkSettingsDto;
}

/** The settings as read or saved, with the address the request came from and the ranges around it. */
export class AttendanceSettingsViewDto extends AttendanceSettingsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The address this request came from, as the server sees it: a check-in from this device is checked against it',
    example: '203.0.113.7',
  })
  client_ip!: string | null;

  @ApiProperty({
    type: [String],
    description: "Sample allowed IP ranges around client_ip: its /24 and /8 (IPv6: /64 and /48); none when the address is unknown",
    example: ['203.0.113.0/24', '203.0.0.0/8'],
  })
  sample_ip_ranges!: string[];
}

export class UpdateGeneralSettingsDto extends PartialType(GeneralSettingsDto) {}
export class UpdateGeolocationSettingsDto extends PartialType(GeolocationSettingsDto) {}
export class UpdateDeviceSettingsDto extends PartialType(DeviceSettingsDto) {}
export class UpdateNetworkSettingsDto extends PartialType(NetworkSettingsDto) {}

/** Any of the four groups, any of their fields; what is left out keeps its saved value. */
export class UpdateAttendanceSettingsDto {
  @ApiPropertyOptional({ type: UpdateGeneralSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'General must be an object' })
  @ValidateNested()
  @Type(() => UpdateGeneralSettingsDto)
  general?: UpdateGeneralSettingsDto;

  @ApiPropertyOptional({ type: UpdateGeolocationSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'Geolocation must be an object' })
  @ValidateNested()
  @Type(() => UpdateGeolocationSettingsDto)
  geolocation?: UpdateGeolocationSettingsDto;

  @ApiPropertyOptional({ type: UpdateDeviceSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'Device must be an object' })
  @ValidateNested()
  @Type(() => UpdateDeviceSettingsDto)
  device?: UpdateDeviceSettingsDto;

  @ApiPropertyOptional({ type: UpdateNetworkSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'Network must be an object' })
  @ValidateNested()
  @Type(() => UpdateNetworkSettingsDto)
  network?: UpdateNetworkSettingsDto;
}
