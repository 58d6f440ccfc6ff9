/** The contact dialog's texts, Swedish. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const svSE: ContactCatalogue = {
  title: 'Kontakta {partner}',
  intro: 'Skriv till {partner}. Svaret kommer med e-post till adressen du anger.',
  name: 'Ditt namn',
  email: 'Din e-postadress',
  company: 'Företag (valfritt)',
  message: 'Meddelande',
  characters: '{count} av {max} tecken',
  consent:
    'Jag godkänner att mitt namn, min e-postadress, mitt företag och mitt meddelande skickas till {partner} så att de kan svara mig.',
  privacy: 'Integritetsmeddelande',
  retention: 'Din förfrågan sparas i {days} dagar efter leverans och raderas sedan.',
  honeypot: 'Lämna det här fältet tomt',
  send: 'Skicka',
  sending: 'Skickar…',
  cancel: 'Avbryt',
  close: 'Stäng',
  sent: 'Tack. Ditt meddelande till {partner} har tagits emot och är på väg.',
  failed:
    'Ditt meddelande kunde inte skickas: ingenting skickades. Din text finns kvar; försök igen.',
  tooMany: 'Du har skickat flera meddelanden på kort tid: ingenting skickades. Försök igen senare.',
  nameMissing: 'Ange ditt namn.',
  nameTooLong: 'Ditt namn får ha högst {max} tecken.',
  nameInvalid: 'Skriv ditt namn på en rad, utan tabbar.',
  emailMissing: 'Ange din e-postadress.',
  emailInvalid: 'Ange en e-postadress som namn@example.com.',
  companyTooLong: 'Företagsnamnet får ha högst {max} tecken.',
  companyInvalid: 'Skriv företagsnamnet på en rad, utan tabbar.',
  messageMissing: 'Skriv ditt meddelande.',
  messageTooLong: 'Ditt meddelande har {count} tecken; högst {max} kan skickas.',
  consentMissing: 'Kryssa i rutan för att godkänna, annars kan ditt meddelande inte skickas.',
};

export default svSE;
