/** The contact dialog's texts, Arabic (Saudi Arabia), written right to left. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const arSA: ContactCatalogue = {
  title: 'التواصل مع {partner}',
  intro: 'اكتب إلى {partner}. سيرد عليك بالبريد الإلكتروني على العنوان الذي تقدمه.',
  name: 'اسمك',
  email: 'عنوان بريدك الإلكتروني',
  company: 'الشركة (اختياري)',
  message: 'الرسالة',
  characters: '{count} من {max} حرف',
  consent:
    'أوافق على إرسال اسمي وعنوان بريدي الإلكتروني وشركتي ورسالتي إلى {partner} ليتمكن من الرد عليّ.',
  privacy: 'إشعار الخصوصية',
  retention: 'يُحتفظ بطلبك لمدة {days} يومًا بعد تسليمه، ثم يُحذف.',
  honeypot: 'اترك هذا الحقل فارغًا',
  send: 'إرسال',
  sending: 'جارٍ الإرسال…',
  cancel: 'إلغاء',
  close: 'إغلاق',
  sent: 'شكرًا لك. تم استلام رسالتك إلى {partner} وهي في طريقها إليه.',
  failed: 'تعذّر إرسال رسالتك: لم يُرسل أي شيء. نصّك لا يزال هنا؛ يُرجى المحاولة مرة أخرى.',
  tooMany: 'لقد أرسلت عدة رسائل في وقت قصير: لم يُرسل أي شيء. يُرجى المحاولة لاحقًا.',
  nameMissing: 'أدخل اسمك.',
  nameTooLong: 'يمكن أن يتكون اسمك من {max} حرف على الأكثر.',
  nameInvalid: 'اكتب اسمك في سطر واحد، دون علامات جدولة.',
  emailMissing: 'أدخل عنوان بريدك الإلكتروني.',
  emailInvalid: 'أدخل عنوان بريد إلكتروني مثل ⁦name@example.com⁩.',
  companyTooLong: 'يمكن أن يتكون اسم الشركة من {max} حرف على الأكثر.',
  companyInvalid: 'اكتب اسم الشركة في سطر واحد، دون علامات جدولة.',
  messageMissing: 'اكتب رسالتك.',
  messageTooLong: 'تحتوي رسالتك على {count} حرف؛ ويمكن إرسال {max} حرف على الأكثر.',
  consentMissing: 'ضع علامة في المربع للموافقة، وإلا فلن يمكن إرسال رسالتك.',
};

export default arSA;
