export { Mailer, type OutgoingMail } from './mailer';
