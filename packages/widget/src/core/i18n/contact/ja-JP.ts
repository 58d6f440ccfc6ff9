/** The contact dialog's texts, Japanese. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const jaJP: ContactCatalogue = {
  title: '{partner}に問い合わせる',
  intro: '{partner}にメッセージを送ります。返信は入力したメールアドレスに届きます。',
  name: 'お名前',
  email: 'メールアドレス',
  company: '会社名（任意）',
  message: 'メッセージ',
  characters: '{count} / {max} 文字',
  consent:
    '返信を受けるため、氏名、メールアドレス、会社名、メッセージが{partner}に送信されることに同意します。',
  privacy: 'プライバシーに関するお知らせ',
  retention: 'お問い合わせは配信後{days}日間保管され、その後削除されます。',
  honeypot: 'この欄は空のままにしてください',
  send: '送信',
  sending: '送信中…',
  cancel: 'キャンセル',
  close: '閉じる',
  sent: 'ありがとうございます。{partner}へのメッセージを受け付けました。まもなく届きます。',
  failed:
    'メッセージを送信できませんでした。何も送信されていません。入力内容はそのまま残っています。もう一度お試しください。',
  tooMany:
    '短時間に複数のメッセージが送信されました。何も送信されていません。しばらくしてからもう一度お試しください。',
  nameMissing: 'お名前を入力してください。',
  nameTooLong: 'お名前は{max}文字以内で入力してください。',
  nameInvalid: 'お名前はタブを使わず1行で入力してください。',
  emailMissing: 'メールアドレスを入力してください。',
  emailInvalid: 'name@example.com のような形式でメールアドレスを入力してください。',
  companyTooLong: '会社名は{max}文字以内で入力してください。',
  companyInvalid: '会社名はタブを使わず1行で入力してください。',
  messageMissing: 'メッセージを入力してください。',
  messageTooLong: 'メッセージは{count}文字です。送信できるのは{max}文字までです。',
  consentMissing:
    '同意するにはチェックボックスをオンにしてください。オンにしないとメッセージを送信できません。',
};

export default jaJP;
