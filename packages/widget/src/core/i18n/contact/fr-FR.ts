/** The contact dialog's texts, French. Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const frFR: ContactCatalogue = {
  title: 'Contacter {partner}',
  intro:
    'Écrivez à {partner}. La réponse vous parviendra par e-mail, à l’adresse que vous indiquez.',
  name: 'Votre nom',
  email: 'Votre adresse e-mail',
  company: 'Entreprise (facultatif)',
  message: 'Message',
  characters: '{count} sur {max} caractères',
  consent:
    'J’accepte que mon nom, mon adresse e-mail, mon entreprise et mon message soient transmis à {partner} pour qu’il puisse me répondre.',
  privacy: 'Politique de confidentialité',
  retention: 'Votre demande est conservée {days} jours après sa remise, puis supprimée.',
  honeypot: 'Laissez ce champ vide',
  send: 'Envoyer',
  sending: 'Envoi…',
  cancel: 'Annuler',
  close: 'Fermer',
  sent: 'Merci. Votre message à {partner} a bien été reçu et il est en route.',
  failed:
    'Votre message n’a pas pu être envoyé : rien n’a été envoyé. Votre texte est toujours là ; veuillez réessayer.',
  tooMany:
    'Vous avez envoyé plusieurs messages en peu de temps : rien n’a été envoyé. Veuillez réessayer plus tard.',
  nameMissing: 'Saisissez votre nom.',
  nameTooLong: 'Votre nom peut compter au plus {max} caractères.',
  nameInvalid: 'Écrivez votre nom sur une seule ligne, sans tabulation.',
  emailMissing: 'Saisissez votre adresse e-mail.',
  emailInvalid: 'Saisissez une adresse e-mail comme nom@example.com.',
  companyTooLong: 'Le nom de l’entreprise peut compter au plus {max} caractères.',
  companyInvalid: 'Écrivez le nom de l’entreprise sur une seule ligne, sans tabulation.',
  messageMissing: 'Écrivez votre message.',
  messageTooLong: 'Votre message compte {count} caractères ; {max} au plus peuvent être envoyés.',
  consentMissing:
    'Cochez la case pour donner votre accord, sinon votre message ne peut pas être envoyé.',
};

export default frFR;
