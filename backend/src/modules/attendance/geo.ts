const EARTH_RADIUS_M = 6371008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface Geofence {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  /** metres */
  radius: number;
}

export interface GeofenceMatch {
  fence: Geofence;
  /** metres from the fence's centre */
  distance: number;
  inside: boolean;
}

/** The fence the point is inside of (the closest one if several), else the closest fence. */
export function nearestFence(lat: number, lon: number, fences: readonly Geofence[], maxRadius = Infinity): GeofenceMatch | null {
  let best: GeofenceMatch | null = null;
  for (const fence of fences) {
    const distance = distanceMetres(lat, lon, fence.latitude, fence.longitude);
    const inside = distance <= Math.min(fence.radius, maxRadius);
    const better = !best || (inside && !best.inside) || (inside === best.inside && distance < best.distance);
    if (better) best = { fence, distance, inside };
  }
  return best;
}
