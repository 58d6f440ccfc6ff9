/**
 * The location field's texts (issue 25), en-US: they travel with the field's chunk; every
 * other language is a chunk of its own. The field's label and "Use my location" are in the
 * page's catalogue (they show before the chunk loads). Ids and placeholders as here.
 */
const enUS = {
  placeholder: 'City',
  suggestions: 'Cities',
  noPlaces: 'No city found',
  clearNear: 'Clear location',
  nearInvalid: 'Type letters, spaces, hyphens or apostrophes only, at most 100 characters.',
  myLocation: 'My location',
  locating: 'Finding your location…',
  locationDenied: 'Your location was not shared, so nothing changed. You can type a city instead.',
  locationFailed:
    'Your location could not be found, so nothing changed. You can type a city instead.',
  radius: 'Within',
  anyDistance: 'Any distance',
  sort: 'Order',
  sortRelevance: 'Relevance',
  sortDistance: 'Distance',
} as const satisfies Record<string, string>;

export type NearMessageId = keyof typeof enUS;
export type NearCatalogue = Readonly<Record<NearMessageId, string>>;

export default enUS satisfies NearCatalogue;
