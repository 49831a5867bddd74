import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { unprocessable } from '../../common/http/errors';
import type { AttendanceSettings } from '../settings/attendance-settings.defaults';
import { ipInRanges } from '../settings/ip-ranges';
import type { ActiveAssignment } from '../shifts/shift-assignments.service';
import { deviceTypeOf } from './attendance-time';
import type { AttendancePunchDto } from './dto/check-in.dto';
import { nearestFence, type Geofence } from './geo';
import { formatDistance } from '../../common/units';

/** Who is calling from where: the request's client address, user agent and device id. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** X-Device-Id header (the body's device_id wins) */
  deviceId?: string;
}

export interface VerifiedPunch {
  ip: string | null;
  deviceId: string | null;
  /** null when the company does not use geolocation or no position was sent */
  position: { latitude: number; longitude: number; accuracy: number | null } | null;
  /** the work location the position was checked against (inside it when one is set) */
  fence: { id: number; distance: number; inside: boolean } | null;
}

export const LOCATION_REQUIRED = 'Your location is required to check in. Allow location access and try again';
export const NO_WORK_LOCATION = 'No active work location is set up for check-in. Ask your administrator to add one';

/**
 * The company's attendance settings applied to a check-in or check-out (hr.md 3): devices, the
 * network, and the geofence. Each refusal is a 422 saying why. A trusted IP (network whitelist)
 * stands for being on site: it passes the IP restriction and, online, the location check.
 *
 * An offline entry (sent later with its original time) meets every rule too, never fewer: the
 * device rules and the geofence judge what the device recorded at the original moment (its id and
 * position); the network rules judge the address the entry is sent from, the only one the server
 * can know, so a queued check-in sent from outside the allowed ranges is refused and is sent again
 * from the company's network. Being on a trusted network now says nothing of where the device was
 * then, so it does not stand in for the position of an offline entry.
 */
@Injectable()
export class AttendanceRulesService {
  async verify(
    em: EntityManager,
    input: {
      companyId: number;
      employeeId: number;
      settings: AttendanceSettings;
      dto: AttendancePunchDto;
      client: ClientInfo;
      assignment: ActiveAssignment | null;
      offline: boolean;
      /** check-out records where it happened; only the device rules refuse it */
      checkOut: boolean;
    },
  ): Promise<VerifiedPunch> {
    const { settings, dto, client } = input;
    const deviceId = await this.checkDevice(em, input.companyId, input.employeeId, settings, dto.device_id ?? client.deviceId, client.userAgent);

    const net = settings.network;
    const trusted = net.enable_ip_whitelist && ipInRanges(client.ip, net.trusted_ips);
    const restricted = net.enable_ip_restriction || settings.general.ip_based_attendance;
    if (restricted && !input.checkOut && !trusted && !ipInRanges(client.ip, net.allowed_ip_ranges)) {
      throw unprocessable(
        input.offline
          ? `An offline check-in is checked against the network it is sent from (${client.ip}), which is not one of your company's. Send it again from your company's network`
          : `Check-in is not allowed from your network (${client.ip}). Connect to your company's network and try again`,
      );
    }
    const ip = restricted || net.enable_ip_tracking ? client.ip : null;

    const general = settings.general;
    const hasPosition = dto.latitude !== undefined && dto.longitude !== undefined;
    if (!general.enable_geolocation && !general.require_location_check) return { ip, deviceId, position: null, fence: null };
    const enforce = !input.checkOut && (!trusted || input.offline);
    if (enforce && general.require_location_check && !hasPosition) throw unprocessable(LOCATION_REQUIRED, 'latitude');
    if (!hasPosition) return { ip, deviceId, position: null, fence: null };

    const position = { latitude: dto.latitude!, longitude: dto.longitude!, accuracy: dto.accuracy ?? null };
    const fences = await this.fences(em, input.assignment);
    if (enforce && !fences.length && general.require_location_check) throw unprocessable(NO_WORK_LOCATION);
    if (enforce && fences.length) {
      const threshold = settings.geolocation.accuracy_threshold;
      if (position.accuracy === null) {
        throw unprocessable('Accuracy is required with latitude and longitude to verify your location', 'accuracy');
      }
      if (position.accuracy > threshold) {
        throw unprocessable(
          `Your location is not accurate enough (±${formatDistance(position.accuracy)}; at most ${formatDistance(threshold)} is accepted). Move to an open area and try again`,
          'accuracy',
        );
      }
    }
    const maxRadius = settings.geolocation.max_radius;
    const match = nearestFence(position.latitude, position.longitude, fences, maxRadius);
    if (enforce && match && !match.inside) {
      const radius = Math.min(match.fence.radius, maxRadius);
      throw unprocessable(
        `You are ${formatDistance(match.distance)} from ${match.fence.name}; check in within ${formatDistance(radius)} of it`,
        'latitude',
      );
    }
    return {
      ip,
      deviceId,
      position,
      fence: match ? { id: match.fence.id, distance: match.distance, inside: match.inside } : null,
    };
  }

  /** The assigned work location when it is active, otherwise every active location of the company. */
  private async fences(em: EntityManager, assignment: ActiveAssignment | null): Promise<Geofence[]> {
    if (assignment?.location_id && assignment.location_active) {
      return [
        {
          id: assignment.location_id,
          name: assignment.location_name!,
          latitude: Number(assignment.latitude),
          longitude: Number(assignment.longitude),
          radius: assignment.radius!,
        },
      ];
    }
    const rows = await em.execute<Array<{ id: number; location_name: string; latitude: string; longitude: string; radius: number }>>(
      'select id, location_name, latitude::text as latitude, longitude::text as longitude, radius from work_locations where is_active',
    );
    return rows.map((r) => ({ id: r.id, name: r.location_name, latitude: Number(r.latitude), longitude: Number(r.longitude), radius: r.radius }));
  }

  /** Device type, whitelist and the number of devices per employee; returns the device id kept. */
  private async checkDevice(
    em: EntityManager,
    companyId: number,
    employeeId: number,
    settings: AttendanceSettings,
    sentId: string | null | undefined,
    userAgent: string | undefined,
  ): Promise<string | null> {
    const device = settings.device;
    const type = deviceTypeOf(userAgent);
    if (type === 'mobile' && !device.allow_mobile_devices) {
      throw unprocessable('Attendance from mobile devices is not allowed by your company. Use a computer');
    }
    if (type === 'desktop' && !device.allow_desktop_devices) {
      throw unprocessable('Attendance from desktop computers is not allowed by your company. Use your phone');
    }
    const deviceId = sentId?.trim().slice(0, 128) || null;
    if (device.restrict_by_device_id) {
      if (!deviceId) {
        throw unprocessable('This device cannot be identified: send its ID in the X-Device-Id header or as the device ID', 'device_id');
      }
      if (device.device_whitelist.length && !device.device_whitelist.includes(deviceId)) {
        throw unprocessable('This device is not on your company’s list of allowed devices', 'device_id');
      }
    }
    if (!deviceId || !(device.restrict_by_device_id || device.enable_device_tracking)) return deviceId;

    // one employee's punches from several devices at once must not pass the limit together
    await em.execute('select id from employees where id = ? for update', [employeeId]);
    const [known] = await em.execute<Array<{ others: number; mine: number }>>(
      `select count(*) filter (where device_id <> ?)::int as others, count(*) filter (where device_id = ?)::int as mine
         from attendance_devices where employee_id = ?`,
      [deviceId, deviceId, employeeId],
    );
    if (!known.mine && known.others >= device.max_devices_per_user) {
      throw unprocessable(
        `You have reached the limit of ${device.max_devices_per_user} ${device.max_devices_per_user === 1 ? 'device' : 'devices'} for attendance. Ask your administrator to remove an old one`,
        'device_id',
      );
    }
    await em.execute(
      `insert into attendance_devices (company_id, employee_id, device_id, device_type, user_agent, last_seen_at)
       values (?, ?, ?, ?, ?, now())
       on conflict (employee_id, device_id) do update
          set last_seen_at = now(), device_type = excluded.device_type, user_agent = excluded.user_agent, updated_at = now()`,
      [companyId, employeeId, deviceId, type, userAgent?.slice(0, 500) ?? null],
    );
    return deviceId;
  }
}
