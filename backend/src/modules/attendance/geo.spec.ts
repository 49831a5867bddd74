import { distanceMetres, nearestFence } from './geo';

describe('distanceMetres', () => {
  it('is zero for the same point', () => {
    expect(distanceMetres(37.7937, -122.3965, 37.7937, -122.3965)).toBe(0);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(distanceMetres(0, 0, 1, 0)).toBeCloseTo(111195, -1);
  });

  it('measures Paris to London as about 343.5 km', () => {
    expect(distanceMetres(48.8566, 2.3522, 51.5074, -0.1278) / 1000).toBeCloseTo(343.5, 0);
  });
});

describe('nearestFence', () => {
  const office = { id: 1, name: 'Office', latitude: 37.7937, longitude: -122.3965, radius: 100 };
  const depot = { id: 2, name: 'Depot', latitude: 37.8, longitude: -122.4, radius: 500 };

  it('finds the fence a point is inside of', () => {
    const match = nearestFence(37.7938, -122.3965, [depot, office]);
    expect(match?.fence.id).toBe(1);
    expect(match?.inside).toBe(true);
    expect(match!.distance).toBeLessThan(20);
  });

  it('answers the closest fence when outside all', () => {
    const match = nearestFence(37.9, -122.5, [office, depot]);
    expect(match?.inside).toBe(false);
    expect(match?.fence.id).toBe(2);
  });

  it('caps a fence at the maximum radius', () => {
    // about 330 m from the depot: inside its 500 m, outside a 300 m cap
    const lat = 37.8 + 330 / 111195;
    expect(nearestFence(lat, -122.4, [depot])?.inside).toBe(true);
    expect(nearestFence(lat, -122.4, [depot], 300)?.inside).toBe(false);
  });

  it('answers null without fences', () => {
    expect(nearestFence(0, 0, [])).toBeNull();
  });
});
