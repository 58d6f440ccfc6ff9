/** The contact dialog's texts, Spanish (Spain). Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const esES: ContactCatalogue = {
  title: 'Contactar con {partner}',
  intro: 'Escribe a {partner}. Te responderá por correo electrónico, a la dirección que indiques.',
  name: 'Tu nombre',
  email: 'Tu dirección de correo electrónico',
  company: 'Empresa (opcional)',
  message: 'Mensaje',
  characters: '{count} de {max} caracteres',
  consent:
    'Acepto que mi nombre, mi dirección de correo electrónico, mi empresa y mi mensaje se envíen a {partner} para que pueda responderme.',
  privacy: 'Aviso de privacidad',
  retention: 'Tu solicitud se conserva {days} días después de su entrega y después se elimina.',
  honeypot: 'Deja este campo vacío',
  send: 'Enviar',
  sending: 'Enviando…',
  cancel: 'Cancelar',
  close: 'Cerrar',
  sent: 'Gracias. Tu mensaje para {partner} se ha recibido y ya está en camino.',
  failed:
    'No se ha podido enviar tu mensaje: no se ha enviado nada. Tu texto sigue aquí; inténtalo de nuevo.',
  tooMany:
    'Has enviado varios mensajes en poco tiempo: no se ha enviado nada. Inténtalo de nuevo más tarde.',
  nameMissing: 'Escribe tu nombre.',
  nameTooLong: 'Tu nombre puede tener como máximo {max} caracteres.',
  nameInvalid: 'Escribe tu nombre en una sola línea, sin tabulaciones.',
  emailMissing: 'Escribe tu dirección de correo electrónico.',
  emailInvalid: 'Escribe una dirección de correo electrónico como nombre@example.com.',
  companyTooLong: 'El nombre de la empresa puede tener como máximo {max} caracteres.',
  companyInvalid: 'Escribe el nombre de la empresa en una sola línea, sin tabulaciones.',
  messageMissing: 'Escribe tu mensaje.',
  messageTooLong: 'Tu mensaje tiene {count} caracteres; se pueden enviar como máximo {max}.',
  consentMissing: 'Marca la casilla para aceptar; si no, tu mensaje no se puede enviar.',
};

export default esES;
