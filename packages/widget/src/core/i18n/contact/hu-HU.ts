/** The contact dialog's texts, Hungarian. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const huHU: ContactCatalogue = {
  title: 'Kapcsolatfelvétel: {partner}',
  intro: 'Írjon a(z) {partner} partnernek. A választ e-mailben kapja meg a megadott címre.',
  name: 'Az Ön neve',
  email: 'Az Ön e-mail-címe',
  company: 'Cég (nem kötelező)',
  message: 'Üzenet',
  characters: '{count}/{max} karakter',
  consent:
    'Hozzájárulok, hogy a nevemet, e-mail-címemet, cégemet és üzenetemet elküldjék a(z) {partner} partnernek, hogy válaszolhasson nekem.',
  privacy: 'Adatvédelmi tájékoztató',
  retention: 'Kérését a kézbesítés után {days} napig őrizzük meg, majd töröljük.',
  honeypot: 'Hagyja üresen ezt a mezőt',
  send: 'Küldés',
  sending: 'Küldés folyamatban…',
  cancel: 'Mégse',
  close: 'Bezárás',
  sent: 'Köszönjük. A(z) {partner} partnernek írt üzenetét megkaptuk, és úton van.',
  failed:
    'Az üzenetet nem sikerült elküldeni: semmi sem lett elküldve. A szöveg megmaradt; próbálja újra.',
  tooMany: 'Rövid idő alatt több üzenetet küldött: semmi sem lett elküldve. Próbálja újra később.',
  nameMissing: 'Adja meg a nevét.',
  nameTooLong: 'A név legfeljebb {max} karakter lehet.',
  nameInvalid: 'A nevét egy sorba írja, tabulátor nélkül.',
  emailMissing: 'Adja meg az e-mail-címét.',
  emailInvalid: 'Adjon meg egy e-mail-címet, például nev@example.com.',
  companyTooLong: 'A cégnév legfeljebb {max} karakter lehet.',
  companyInvalid: 'A cégnevet egy sorba írja, tabulátor nélkül.',
  messageMissing: 'Írja meg az üzenetét.',
  messageTooLong: 'Az üzenet {count} karakteres; legfeljebb {max} küldhető el.',
  consentMissing: 'Jelölje be a négyzetet a hozzájáruláshoz, különben az üzenet nem küldhető el.',
};

export default huHU;
