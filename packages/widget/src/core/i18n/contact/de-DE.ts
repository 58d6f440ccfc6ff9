/** The contact dialog's texts, German. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const deDE: ContactCatalogue = {
  title: '{partner} kontaktieren',
  intro:
    'Schreiben Sie an {partner}. Die Antwort kommt per E-Mail an die Adresse, die Sie angeben.',
  name: 'Ihr Name',
  email: 'Ihre E-Mail-Adresse',
  company: 'Unternehmen (optional)',
  message: 'Nachricht',
  characters: '{count} von {max} Zeichen',
  consent:
    'Ich bin einverstanden, dass mein Name, meine E-Mail-Adresse, mein Unternehmen und meine Nachricht an {partner} gesendet werden, damit man mir antworten kann.',
  privacy: 'Datenschutzhinweis',
  retention: 'Ihre Anfrage wird nach der Zustellung {days} Tage aufbewahrt und dann gelöscht.',
  honeypot: 'Dieses Feld leer lassen',
  send: 'Senden',
  sending: 'Wird gesendet…',
  cancel: 'Abbrechen',
  close: 'Schließen',
  sent: 'Vielen Dank. Ihre Nachricht an {partner} ist eingegangen und unterwegs.',
  failed:
    'Ihre Nachricht konnte nicht gesendet werden: Es wurde nichts gesendet. Ihr Text ist noch da; bitte versuchen Sie es erneut.',
  tooMany:
    'Sie haben in kurzer Zeit mehrere Nachrichten gesendet: Es wurde nichts gesendet. Bitte versuchen Sie es später erneut.',
  nameMissing: 'Geben Sie Ihren Namen ein.',
  nameTooLong: 'Ihr Name darf höchstens {max} Zeichen haben.',
  nameInvalid: 'Schreiben Sie Ihren Namen in eine Zeile, ohne Tabulatoren.',
  emailMissing: 'Geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Geben Sie eine E-Mail-Adresse wie name@example.com ein.',
  companyTooLong: 'Der Unternehmensname darf höchstens {max} Zeichen haben.',
  companyInvalid: 'Schreiben Sie den Unternehmensnamen in eine Zeile, ohne Tabulatoren.',
  messageMissing: 'Schreiben Sie Ihre Nachricht.',
  messageTooLong: 'Ihre Nachricht hat {count} Zeichen; höchstens {max} können gesendet werden.',
  consentMissing:
    'Setzen Sie das Häkchen, um zuzustimmen, sonst kann Ihre Nachricht nicht gesendet werden.',
};

export default deDE;
