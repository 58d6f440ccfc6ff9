import { describe, expect, it } from 'vitest';
import { locateVisitor, roundCoordinate } from '../locateVisitor';
import { radiusChoices } from '../radiusChoices';

function geolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const stub: Pick<Geolocation, 'getCurrentPosition'> = {
    getCurrentPosition: (success, failure) => answer(success, failure ?? (() => {})),
  };
  return Object.assign(Object.create(null), stub);
}

const errorOf = (code: number): GeolocationPositionError => ({
  code,
  message: '',
  PERMISSION_DENIED: 1,
  POSITION_UNAVAILABLE: 2,
  TIMEOUT: 3,
});

describe('locateVisitor', () => {
  it('rounds the position to 2 decimals (about 1 km) before anything sees it', async () => {
    const found = locateVisitor(
      geolocation((success) =>
        success({
          coords: { latitude: 45.757814, longitude: -4.832011, accuracy: 5 },
          timestamp: 0,
        } as unknown as GeolocationPosition),
      ),
    );
    await expect(found).resolves.toEqual({ latitude: 45.76, longitude: -4.83 });
  });

  it('tells a refusal from another failure, and a browser without geolocation', async () => {
    await expect(locateVisitor(geolocation((_, failure) => failure(errorOf(1))))).rejects.toBe(
      'denied',
    );
    await expect(locateVisitor(geolocation((_, failure) => failure(errorOf(3))))).rejects.toBe(
      'failed',
    );
    await expect(locateVisitor(undefined)).rejects.toBe('failed');
  });

  it('rounds half away from the kilometre grid consistently', () => {
    expect([roundCoordinate(0.004), roundCoordinate(0.006), roundCoordinate(-179.999)]).toEqual([
      0, 0.01, -180,
    ]);
  });
});

describe('radiusChoices', () => {
  it('is 25, 50, 100 and 250 in km, or in miles (sent in km) where the locale counts in miles', () => {
    const plain = (choices: { km: number; label: string }[]) =>
      choices.map(({ km, label }) => ({ km, label: label.replace(/\s/g, ' ') }));
    expect(plain(radiusChoices('fr-FR'))).toEqual([
      { km: 25, label: '25 km' },
      { km: 50, label: '50 km' },
      { km: 100, label: '100 km' },
      { km: 250, label: '250 km' },
    ]);
    expect(radiusChoices('en-US').map(({ km, label }) => [km, label])).toEqual([
      [40.234, '25 mi'],
      [80.467, '50 mi'],
      [160.934, '100 mi'],
      [402.336, '250 mi'],
    ]);
    expect(radiusChoices('ar-SA')[0]?.label).toBe('٢٥ كم');
  });
});
