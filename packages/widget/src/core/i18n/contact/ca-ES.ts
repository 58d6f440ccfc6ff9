/** The contact dialog's texts, Catalan. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const caES: ContactCatalogue = {
  title: 'Contacta amb {partner}',
  intro: 'Escriu a {partner}. Et respondrà per correu electrònic, a l’adreça que indiquis.',
  name: 'El teu nom',
  email: 'La teva adreça electrònica',
  company: 'Empresa (opcional)',
  message: 'Missatge',
  characters: '{count} de {max} caràcters',
  consent:
    'Accepto que el meu nom, la meva adreça electrònica, l’empresa i el missatge s’enviïn a {partner} perquè em pugui respondre.',
  privacy: 'Avís de privadesa',
  retention:
    'La teva sol·licitud es conserva {days} dies després del lliurament i després s’esborra.',
  honeypot: 'Deixa aquest camp buit',
  send: 'Envia',
  sending: 'S’està enviant…',
  cancel: 'Cancel·la',
  close: 'Tanca',
  sent: 'Gràcies. El teu missatge per a {partner} s’ha rebut i ja és en camí.',
  failed:
    'No s’ha pogut enviar el missatge: no s’ha enviat res. El teu text encara és aquí; torna-ho a provar.',
  tooMany:
    'Has enviat diversos missatges en poc temps: no s’ha enviat res. Torna-ho a provar més tard.',
  nameMissing: 'Escriu el teu nom.',
  nameTooLong: 'El nom pot tenir com a màxim {max} caràcters.',
  nameInvalid: 'Escriu el nom en una sola línia, sense tabulacions.',
  emailMissing: 'Escriu la teva adreça electrònica.',
  emailInvalid: 'Escriu una adreça electrònica com ara nom@example.com.',
  companyTooLong: 'El nom de l’empresa pot tenir com a màxim {max} caràcters.',
  companyInvalid: 'Escriu el nom de l’empresa en una sola línia, sense tabulacions.',
  messageMissing: 'Escriu el teu missatge.',
  messageTooLong: 'El missatge té {count} caràcters; se’n poden enviar com a màxim {max}.',
  consentMissing: 'Marca la casella per acceptar-ho; si no, el missatge no es pot enviar.',
};

export default caES;
