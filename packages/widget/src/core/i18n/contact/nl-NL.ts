/** The contact dialog's texts, Dutch. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const nlNL: ContactCatalogue = {
  title: 'Contact opnemen met {partner}',
  intro: 'Schrijf naar {partner}. Het antwoord komt per e-mail, op het adres dat u opgeeft.',
  name: 'Uw naam',
  email: 'Uw e-mailadres',
  company: 'Bedrijf (optioneel)',
  message: 'Bericht',
  characters: '{count} van {max} tekens',
  consent:
    'Ik ga ermee akkoord dat mijn naam, e-mailadres, bedrijf en bericht naar {partner} worden gestuurd, zodat men mij kan antwoorden.',
  privacy: 'Privacyverklaring',
  retention: 'Uw aanvraag wordt na bezorging {days} dagen bewaard en daarna verwijderd.',
  honeypot: 'Laat dit veld leeg',
  send: 'Versturen',
  sending: 'Bezig met versturen…',
  cancel: 'Annuleren',
  close: 'Sluiten',
  sent: 'Bedankt. Uw bericht aan {partner} is ontvangen en onderweg.',
  failed:
    'Uw bericht kon niet worden verstuurd: er is niets verstuurd. Uw tekst staat er nog; probeer het opnieuw.',
  tooMany:
    'U hebt in korte tijd meerdere berichten verstuurd: er is niets verstuurd. Probeer het later opnieuw.',
  nameMissing: 'Vul uw naam in.',
  nameTooLong: 'Uw naam mag hoogstens {max} tekens hebben.',
  nameInvalid: 'Schrijf uw naam op één regel, zonder tabs.',
  emailMissing: 'Vul uw e-mailadres in.',
  emailInvalid: 'Vul een e-mailadres in zoals naam@example.com.',
  companyTooLong: 'De bedrijfsnaam mag hoogstens {max} tekens hebben.',
  companyInvalid: 'Schrijf de bedrijfsnaam op één regel, zonder tabs.',
  messageMissing: 'Schrijf uw bericht.',
  messageTooLong: 'Uw bericht heeft {count} tekens; er kunnen er hoogstens {max} worden verstuurd.',
  consentMissing:
    'Vink het vakje aan om akkoord te gaan, anders kan uw bericht niet worden verstuurd.',
};

export default nlNL;
