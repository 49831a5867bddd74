/** Company attendance settings (hr.md 3), their defaults (hr.md 9) and bounds (hr.md 5). */
export interface GeneralSettings {
  enable_geolocation: boolean;
  require_location_check: boolean;
  allow_offline_checkin: boolean;
  /** how many hours after it happened an offline check-in or check-out is still accepted */
  offline_checkin_max_age_hours: number;
  auto_check_out: boolean;
  /** HH:MM in the company's time zone */
  check_out_time: string;
  ip_based_attendance: boolean;
  face_recognition: boolean;
  notification_enabled: boolean;
}

export interface GeolocationSettings {
  /** metres */
  default_radius: number;
  /** metres */
  max_radius: number;
  /** metres: a position reported less accurately than this is not trusted */
  accuracy_threshold: number;
  /** milliseconds the browser may take to locate */
  location_timeout: number;
  enable_gps: boolean;
  enable_network_location: boolean;
  enable_wifi_scanning: boolean;
  /** days location data is kept */
  location_retention_days: number;
}

export interface DeviceSettings {
  allow_mobile_devices: boolean;
  allow_desktop_devices: boolean;
  device_whitelist: string[];
  restrict_by_device_id: boolean;
  enable_device_tracking: boolean;
  max_devices_per_user: number;
}

export interface NetworkSettings {
  enable_ip_restriction: boolean;
  /** CIDR ranges or single IPv4/IPv6 addresses */
  allowed_ip_ranges: string[];
  enable_ip_whitelist: boolean;
  trusted_ips: string[];
  enable_ip_tracking: boolean;
}

export interface AttendanceSettings {
  general: GeneralSettings;
  geolocation: GeolocationSettings;
  device: DeviceSettings;
  network: NetworkSettings;
}

export const ATTENDANCE_GROUPS = ['general', 'geolocation', 'device', 'network'] as const;
export type AttendanceGroup = (typeof ATTENDANCE_GROUPS)[number];

export const ATTENDANCE_BOUNDS = {
  default_radius: { min: 10, max: 1000 },
  max_radius: { min: 10, max: 1000 },
  accuracy_threshold: { min: 1, max: 100 },
  location_timeout: { min: 1000, max: 60000, step: 1000 },
  location_retention_days: { min: 1, max: 365 },
  max_devices_per_user: { min: 1, max: 10 },
  offline_checkin_max_age_hours: { min: 1, max: 72 },
} as const;

export const DEFAULT_ATTENDANCE_SETTINGS: Readonly<AttendanceSettings> = Object.freeze({
  general: {
    enable_geolocation: true,
    require_location_check: false,
    allow_offline_checkin: false,
    offline_checkin_max_age_hours: 24,
    auto_check_out: false,
    check_out_time: '18:00',
    ip_based_attendance: false,
    face_recognition: false,
    notification_enabled: true,
  },
  geolocation: {
    default_radius: 100,
    max_radius: 500,
    accuracy_threshold: 50,
    location_timeout: 10000,
    enable_gps: true,
    enable_network_location: true,
    enable_wifi_scanning: false,
    location_retention_days: 30,
  },
  device: {
    allow_mobile_devices: true,
    allow_desktop_devices: true,
    device_whitelist: [],
    restrict_by_device_id: false,
    enable_device_tracking: false,
    max_devices_per_user: 3,
  },
  network: {
    enable_ip_restriction: false,
    allowed_ip_ranges: [],
    enable_ip_whitelist: false,
    trusted_ips: [],
    enable_ip_tracking: false,
  },
});

/**
 * The stored groups over the defaults: a field added later reads its default, and so does a null
 * saved before null was refused (no setting has an "empty" value).
 */
export function withDefaults(stored: Partial<Record<AttendanceGroup, object | null>>): AttendanceSettings {
  const out = {} as Record<AttendanceGroup, unknown>;
  for (const group of ATTENDANCE_GROUPS) {
    const defaults = DEFAULT_ATTENDANCE_SETTINGS[group] as unknown as Record<string, unknown>;
    const saved = (stored[group] ?? {}) as Record<string, unknown>;
    out[group] = Object.fromEntries(
      Object.keys(defaults).map((key) => {
        const value = saved[key] ?? defaults[key];
        return [key, Array.isArray(value) ? [...value] : value];
      }),
    );
  }
  return out as unknown as AttendanceSettings;
}
