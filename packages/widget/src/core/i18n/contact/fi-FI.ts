/** The contact dialog's texts, Finnish. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const fiFI: ContactCatalogue = {
  title: 'Ota yhteyttä: {partner}',
  intro: 'Kirjoita kumppanille {partner}. Vastaus tulee sähköpostitse antamaasi osoitteeseen.',
  name: 'Nimesi',
  email: 'Sähköpostiosoitteesi',
  company: 'Yritys (valinnainen)',
  message: 'Viesti',
  characters: '{count}/{max} merkkiä',
  consent:
    'Hyväksyn, että nimeni, sähköpostiosoitteeni, yritykseni ja viestini lähetetään kumppanille {partner}, jotta se voi vastata minulle.',
  privacy: 'Tietosuojaseloste',
  retention:
    'Pyyntöäsi säilytetään {days} päivää toimituksen jälkeen, minkä jälkeen se poistetaan.',
  honeypot: 'Jätä tämä kenttä tyhjäksi',
  send: 'Lähetä',
  sending: 'Lähetetään…',
  cancel: 'Peruuta',
  close: 'Sulje',
  sent: 'Kiitos. Viestisi kumppanille {partner} on vastaanotettu ja matkalla.',
  failed:
    'Viestiäsi ei voitu lähettää: mitään ei lähetetty. Tekstisi on yhä tallella; yritä uudelleen.',
  tooMany:
    'Olet lähettänyt useita viestejä lyhyessä ajassa: mitään ei lähetetty. Yritä myöhemmin uudelleen.',
  nameMissing: 'Kirjoita nimesi.',
  nameTooLong: 'Nimessä voi olla enintään {max} merkkiä.',
  nameInvalid: 'Kirjoita nimesi yhdelle riville ilman sarkaimia.',
  emailMissing: 'Kirjoita sähköpostiosoitteesi.',
  emailInvalid: 'Kirjoita sähköpostiosoite, esimerkiksi nimi@example.com.',
  companyTooLong: 'Yrityksen nimessä voi olla enintään {max} merkkiä.',
  companyInvalid: 'Kirjoita yrityksen nimi yhdelle riville ilman sarkaimia.',
  messageMissing: 'Kirjoita viestisi.',
  messageTooLong: 'Viestissäsi on {count} merkkiä; enintään {max} voidaan lähettää.',
  consentMissing: 'Hyväksy valitsemalla ruutu, muuten viestiäsi ei voi lähettää.',
};

export default fiFI;
