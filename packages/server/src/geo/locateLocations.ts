/**
 * The import rule for locations: a location given with its coordinates is kept as it is;
 * one given with a city and a country only takes the coordinates of that city from the
 * gazetteer (the most populous of its name in that country, which the import's report
 * then names); a city the gazetteer does not know is a problem of the row, naming the
 * field and the city. The gazetteer is read only when some location needs it.
 */
import type { ImportIssue } from '../store/DirectoryImportError';
import type { LocationData } from '../store/DirectoryData';
import type { StoredLocation } from '../store/SiteRecords';
import type { Gazetteer } from './Gazetteer';

/** A city whose name several cities of its country share, and the one taken. */
export interface AmbiguousCity {
  slug: string;
  /** The location's place in the partner's list. */
  location: number;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  /** How many cities of the country have that name. */
  sameName: number;
}

export interface LocatedLocations {
  /** The locations with their coordinates; undefined when any of them has a problem. */
  locations: StoredLocation[] | undefined;
  /** Locations whose coordinates came from the gazetteer. */
  located: number;
  ambiguous: AmbiguousCity[];
}

export function locateLocations(
  slug: string,
  locations: readonly LocationData[],
  path: (string | number)[],
  issues: ImportIssue[],
  gazetteer: () => Gazetteer,
): LocatedLocations {
  const stored: StoredLocation[] = [];
  const ambiguous: AmbiguousCity[] = [];
  let located = 0;
  let fine = true;
  locations.forEach((location, index) => {
    const { city, country, label } = location;
    const labelled = label === undefined ? {} : { label };
    if (location.latitude !== undefined && location.longitude !== undefined) {
      stored.push({
        city,
        country,
        latitude: location.latitude,
        longitude: location.longitude,
        ...labelled,
      });
      return;
    }
    const world = gazetteer();
    const found = world.find(city, country);
    if (!found) {
      issues.push({
        path: [...path, index, 'city'],
        message: `the gazetteer knows no city "${city}" in ${country}: check its spelling, or give its latitude and longitude`,
      });
      fine = false;
      return;
    }
    const { latitude, longitude } = world.city(found.ordinal);
    stored.push({ city, country, latitude, longitude, ...labelled });
    located += 1;
    if (found.sameName > 1) {
      ambiguous.push({
        slug,
        location: index,
        city,
        country,
        latitude,
        longitude,
        sameName: found.sameName,
      });
    }
  });
  return { locations: fine ? stored : undefined, located, ambiguous };
}
