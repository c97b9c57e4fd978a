export { OAuth2ClientPage as default } from '../../../../oauth2-client-page';
