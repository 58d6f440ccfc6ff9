/** The contact dialog's texts, Chinese (simplified). Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const zhCN: ContactCatalogue = {
  title: '联系 {partner}',
  intro: '给 {partner} 写信。对方会通过电子邮件回复到你填写的地址。',
  name: '你的姓名',
  email: '你的电子邮件地址',
  company: '公司（选填）',
  message: '留言',
  characters: '{count} / {max} 个字符',
  consent: '我同意将我的姓名、电子邮件地址、公司和留言发送给 {partner}，以便对方回复我。',
  privacy: '隐私声明',
  retention: '你的请求在送达后保留 {days} 天，之后删除。',
  honeypot: '请将此字段留空',
  send: '发送',
  sending: '正在发送…',
  cancel: '取消',
  close: '关闭',
  sent: '谢谢。你给 {partner} 的留言已收到，正在送达。',
  failed: '你的留言未能发送：没有发送任何内容。你填写的内容仍在这里，请重试。',
  tooMany: '你在短时间内发送了多条留言：没有发送任何内容。请稍后再试。',
  nameMissing: '请输入你的姓名。',
  nameTooLong: '姓名最多 {max} 个字符。',
  nameInvalid: '请在一行内填写姓名，不要使用制表符。',
  emailMissing: '请输入你的电子邮件地址。',
  emailInvalid: '请输入电子邮件地址，例如 name@example.com。',
  companyTooLong: '公司名称最多 {max} 个字符。',
  companyInvalid: '请在一行内填写公司名称，不要使用制表符。',
  messageMissing: '请填写留言。',
  messageTooLong: '你的留言有 {count} 个字符；最多可发送 {max} 个。',
  consentMissing: '请勾选此框表示同意，否则无法发送留言。',
};

export default zhCN;
