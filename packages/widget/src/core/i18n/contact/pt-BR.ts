/** The contact dialog's texts, Portuguese (Brazil). Ids and placeholders as in en-US.ts. */
import type { ContactCatalogue } from './en-US';

const ptBR: ContactCatalogue = {
  title: 'Entrar em contato com {partner}',
  intro: 'Escreva para {partner}. A resposta chega por e-mail, no endereço que você informar.',
  name: 'Seu nome',
  email: 'Seu endereço de e-mail',
  company: 'Empresa (opcional)',
  message: 'Mensagem',
  characters: '{count} de {max} caracteres',
  consent:
    'Concordo que meu nome, endereço de e-mail, empresa e mensagem sejam enviados a {partner} para que possam me responder.',
  privacy: 'Aviso de privacidade',
  retention:
    'Sua solicitação fica guardada por {days} dias depois de entregue e depois é excluída.',
  honeypot: 'Deixe este campo vazio',
  send: 'Enviar',
  sending: 'Enviando…',
  cancel: 'Cancelar',
  close: 'Fechar',
  sent: 'Obrigado. Sua mensagem para {partner} foi recebida e está a caminho.',
  failed:
    'Não foi possível enviar sua mensagem: nada foi enviado. Seu texto continua aqui; tente novamente.',
  tooMany:
    'Você enviou várias mensagens em pouco tempo: nada foi enviado. Tente novamente mais tarde.',
  nameMissing: 'Informe seu nome.',
  nameTooLong: 'Seu nome pode ter no máximo {max} caracteres.',
  nameInvalid: 'Escreva seu nome em uma única linha, sem tabulações.',
  emailMissing: 'Informe seu endereço de e-mail.',
  emailInvalid: 'Informe um endereço de e-mail como nome@example.com.',
  companyTooLong: 'O nome da empresa pode ter no máximo {max} caracteres.',
  companyInvalid: 'Escreva o nome da empresa em uma única linha, sem tabulações.',
  messageMissing: 'Escreva sua mensagem.',
  messageTooLong: 'Sua mensagem tem {count} caracteres; no máximo {max} podem ser enviados.',
  consentMissing:
    'Marque a caixa para concordar; caso contrário, sua mensagem não pode ser enviada.',
};

export default ptBR;
