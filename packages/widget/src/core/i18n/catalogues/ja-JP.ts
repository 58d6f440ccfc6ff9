/** Japanese (Japan). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const jaJP: Catalogue = {
  heading: 'パートナーネットワーク',
  searchForm: '推奨パートナー',
  searchField: 'パートナーを検索',
  searchPlaceholder: 'パートナーを検索',
  clearSearch: '検索語をクリア',
  searchButton: '検索',
  searchInvalid:
    "検索に使用できるのは A-Z a-z À-ÿ 0-9 と特殊文字 - _ ' のみです。有効な検索語を入力してください。",
  backLink: 'ホームページに戻る',
  searchFilters: '検索フィルター',
  partnerType: 'パートナーの種類',
  viewMore: 'もっと見る',
  viewLess: '表示を減らす',
  viewMoreGroup: '{group}をもっと見る',
  viewLessGroup: '{group}の表示を減らす',
  selectedFilters: '選択中のフィルター',
  removeFilter: '{name}を削除',
  addFilter: 'フィルターを追加',
  addFilterByName: '名前でフィルターを追加',
  results: '検索結果',
  partners: 'パートナー一覧',
  categories: 'カテゴリー',
  count: '{total}件中{loaded}件のパートナーを表示',
  added: 'パートナーを{count}件追加しました。',
  appliedFilters: 'フィルター: {filters}。',
  noFilters: 'フィルターなし。',
  appliedText: '検索語: {text}。',
  listSeparator: '、',
  afterCount: '。{details}',
  noneFound: 'パートナーが見つかりません。',
  noResultsTitle: 'パートナーが見つかりません',
  noResultsText:
    '結果が見つかりませんでした。別のキーワードを試すか、検索フィルターを解除してください。',
  resetAll: 'すべてリセット',
  errorTitle: '問題が発生しました。',
  errorText:
    'ご迷惑をおかけして申し訳ありません。現在、問題を修正しています。しばらくしてから再度お試しください。',
  goHome: 'ホームページへ移動',
  loadMore: 'さらにパートナーを読み込む',
  choiceCount: '{count}',
  partnerCount: 'パートナー{count}件',
  waysOut: '条件を1つ外して検索:',
  wayOutItem: '「{name}」を外す（{count}件）',
  wayOutWord: '「{name}」という語を外す（{count}件）',
  wayOutText: '検索語を外す（{count}件）',
  contact: '問い合わせる',
  near: '場所',
  useMyLocation: '現在地を使用',
  wayOutRadius: {
    other: '{radius}以内: {count}社のパートナー',
  },
};

export default jaJP;
