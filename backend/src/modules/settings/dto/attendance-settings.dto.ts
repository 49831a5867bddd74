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
import { IsOptionalNotNull } from '../../../common/http/fields';
import { ATTENDANCE_BOUNDS, DEFAULT_ATTENDANCE_SETTINGS as D } from '../attendance-settings.defaults';
import { isIpAddress, isIpOrCidr } from '../ip-ranges';

type BoundedField = keyof typeof ATTENDANCE_BOUNDS;

/** A whole number within the bounds of hr.md 5; the message names the field with its group. */
const Bounded = (group: string, field: BoundedField, unit: string, def?: number, description?: string) => {
  const b = ATTENDANCE_BOUNDS[field];
  const message = `${group}.${field} must be a whole number from ${b.min} to ${b.max}${unit}`;
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
    ...('step' in b ? [IsDivisibleBy(b.step, { message: `${group}.${field} must be a multiple of ${b.step}${unit}` })] : []),
  );
};

const Flag = (group: string, field: string, def: boolean) =>
  applyDecorators(ApiProperty({ default: def }), IsBoolean({ message: `${group}.${field} must be true or false` }));

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

const AddressList = (group: string, field: string, check: (v: unknown) => boolean, describe: string, example: string[]) =>
  applyDecorators(
    ApiProperty({ type: [String], example, description: describe }),
    Transform(trimList),
    IsArray({ message: `${group}.${field} must be a list` }),
    ArrayMaxSize(500, { message: `${group}.${field} has more than 500 entries` }),
    EachIs(check, describe, `${group}.${field}`),
  );

export class GeneralSettingsDto {
  @Flag('general', 'enable_geolocation', D.general.enable_geolocation) enable_geolocation!: boolean;
  @Flag('general', 'require_location_check', D.general.require_location_check) require_location_check!: boolean;
  @Flag('general', 'allow_offline_checkin', D.general.allow_offline_checkin) allow_offline_checkin!: boolean;
  @Bounded('general', 'offline_checkin_max_age_hours', ' hours', D.general.offline_checkin_max_age_hours, 'How many hours after it happened an offline check-in or check-out is still accepted')
  offline_checkin_max_age_hours!: number;
  @Flag('general', 'auto_check_out', D.general.auto_check_out) auto_check_out!: boolean;

  @ApiProperty({ example: '18:00', default: D.general.check_out_time, description: 'HH:MM' })
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'general.check_out_time must be a time HH:MM' })
  check_out_time!: string;

  @Flag('general', 'ip_based_attendance', D.general.ip_based_attendance) ip_based_attendance!: boolean;
  @Flag('general', 'face_recognition', D.general.face_recognition) face_recognition!: boolean;
  @Flag('general', 'notification_enabled', D.general.notification_enabled) notification_enabled!: boolean;
}

export class GeolocationSettingsDto {
  @Bounded('geolocation', 'default_radius', ' m') default_radius!: number;
  @Bounded('geolocation', 'max_radius', ' m') max_radius!: number;
  @Bounded('geolocation', 'accuracy_threshold', ' m') accuracy_threshold!: number;
  @Bounded('geolocation', 'location_timeout', ' ms') location_timeout!: number;
  @Flag('geolocation', 'enable_gps', D.geolocation.enable_gps) enable_gps!: boolean;
  @Flag('geolocation', 'enable_network_location', D.geolocation.enable_network_location) enable_network_location!: boolean;
  @Flag('geolocation', 'enable_wifi_scanning', D.geolocation.enable_wifi_scanning) enable_wifi_scanning!: boolean;
  @Bounded('geolocation', 'location_retention_days', ' days') location_retention_days!: number;
}

export class DeviceSettingsDto {
  @Flag('device', 'allow_mobile_devices', D.device.allow_mobile_devices) allow_mobile_devices!: boolean;
  @Flag('device', 'allow_desktop_devices', D.device.allow_desktop_devices) allow_desktop_devices!: boolean;

  @ApiProperty({ type: [String], description: 'device ids allowed when restrict_by_device_id is on' })
  @Transform(trimList)
  @IsArray({ message: 'device.device_whitelist must be a list' })
  @ArrayMaxSize(500, { message: 'device.device_whitelist has more than 500 entries' })
  @IsString({ each: true, message: 'device.device_whitelist must be a list of device ids' })
  @MinLength(1, { each: true, message: 'device.device_whitelist must not contain empty ids' })
  @MaxLength(200, { each: true, message: 'device.device_whitelist: a device id is at most 200 characters long' })
  device_whitelist!: string[];

  @Flag('device', 'restrict_by_device_id', D.device.restrict_by_device_id) restrict_by_device_id!: boolean;
  @Flag('device', 'enable_device_tracking', D.device.enable_device_tracking) enable_device_tracking!: boolean;
  @Bounded('device', 'max_devices_per_user', '') max_devices_per_user!: number;
}

export class NetworkSettingsDto {
  @Flag('network', 'enable_ip_restriction', D.network.enable_ip_restriction) enable_ip_restriction!: boolean;

  @AddressList('network', 'allowed_ip_ranges', isIpOrCidr, 'a CIDR range or an IP address', ['192.168.1.0/24', '10.0.0.5'])
  allowed_ip_ranges!: string[];

  @Flag('network', 'enable_ip_whitelist', D.network.enable_ip_whitelist) enable_ip_whitelist!: boolean;

  @AddressList('network', 'trusted_ips', isIpAddress, 'an IP address', ['203.0.113.7'])
  trusted_ips!: string[];

  @Flag('network', 'enable_ip_tracking', D.network.enable_ip_tracking) enable_ip_tracking!: boolean;
}

export class AttendanceSettingsDto {
  @ApiProperty({ type: GeneralSettingsDto }) general!: GeneralSettingsDto;
  @ApiProperty({ type: GeolocationSettingsDto }) geolocation!: GeolocationSettingsDto;
  @ApiProperty({ type: DeviceSettingsDto }) device!: DeviceSettingsDto;
  @ApiProperty({ type: NetworkSettingsDto }) network!: NetworkSettingsDto;
}

export class UpdateGeneralSettingsDto extends PartialType(GeneralSettingsDto) {}
export class UpdateGeolocationSettingsDto extends PartialType(GeolocationSettingsDto) {}
export class UpdateDeviceSettingsDto extends PartialType(DeviceSettingsDto) {}
export class UpdateNetworkSettingsDto extends PartialType(NetworkSettingsDto) {}

/** Any of the four groups, any of their fields; what is left out keeps its saved value. */
export class UpdateAttendanceSettingsDto {
  @ApiPropertyOptional({ type: UpdateGeneralSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'general must be an object' })
  @ValidateNested()
  @Type(() => UpdateGeneralSettingsDto)
  general?: UpdateGeneralSettingsDto;

  @ApiPropertyOptional({ type: UpdateGeolocationSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'geolocation must be an object' })
  @ValidateNested()
  @Type(() => UpdateGeolocationSettingsDto)
  geolocation?: UpdateGeolocationSettingsDto;

  @ApiPropertyOptional({ type: UpdateDeviceSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'device must be an object' })
  @ValidateNested()
  @Type(() => UpdateDeviceSettingsDto)
  device?: UpdateDeviceSettingsDto;

  @ApiPropertyOptional({ type: UpdateNetworkSettingsDto })
  @IsOptionalNotNull()
  @IsObject({ message: 'network must be an object' })
  @ValidateNested()
  @Type(() => UpdateNetworkSettingsDto)
  network?: UpdateNetworkSettingsDto;
}
