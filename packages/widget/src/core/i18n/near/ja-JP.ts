/** The location field's texts, Japanese. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const jaJP: NearCatalogue = {
  placeholder: '都市',
  suggestions: '都市の候補',
  noPlaces: '都市が見つかりません',
  clearNear: '場所をクリア',
  nearInvalid: '文字、スペース、ハイフン、アポストロフィのみ、100文字以内で入力してください。',
  myLocation: '現在地',
  locating: '現在地を取得しています…',
  locationDenied:
    '現在地が共有されなかったため、何も変更されていません。代わりに都市名を入力できます。',
  locationFailed:
    '現在地を取得できなかったため、何も変更されていません。代わりに都市名を入力できます。',
  radius: '範囲',
  anyDistance: '距離指定なし',
  sort: '並び順',
  sortRelevance: '関連度',
  sortDistance: '距離',
};

export default jaJP;
