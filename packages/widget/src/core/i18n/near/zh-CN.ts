/** The location field's texts, Chinese (Simplified). Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const zhCN: NearCatalogue = {
  placeholder: '城市',
  suggestions: '城市建议',
  noPlaces: '未找到城市',
  clearNear: '清除位置',
  nearInvalid: '只能输入字母、空格、连字符或撇号，最多 100 个字符。',
  myLocation: '我的位置',
  locating: '正在获取您的位置…',
  locationDenied: '未共享您的位置，因此没有任何更改。您可以改为输入城市。',
  locationFailed: '无法获取您的位置，因此没有任何更改。您可以改为输入城市。',
  radius: '范围',
  anyDistance: '任意距离',
  sort: '排序',
  sortRelevance: '相关性',
  sortDistance: '距离',
};

export default zhCN;
