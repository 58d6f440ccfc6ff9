/** The location field's texts, Arabic. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const arSA: NearCatalogue = {
  placeholder: 'المدينة',
  suggestions: 'المدن',
  noPlaces: 'لم يتم العثور على مدينة',
  clearNear: 'مسح الموقع',
  nearInvalid: 'اكتب حروفًا ومسافات وشرطات وفواصل عليا فقط، بحد أقصى 100 حرف.',
  myLocation: 'موقعي',
  locating: 'جارٍ تحديد موقعك…',
  locationDenied: 'لم تتم مشاركة موقعك، لذلك لم يتغير شيء. يمكنك كتابة مدينة بدلًا من ذلك.',
  locationFailed: 'تعذّر تحديد موقعك، لذلك لم يتغير شيء. يمكنك كتابة مدينة بدلًا من ذلك.',
  radius: 'ضمن',
  anyDistance: 'أي مسافة',
  sort: 'الترتيب',
  sortRelevance: 'الصلة',
  sortDistance: 'المسافة',
};

export default arSA;
