export { OAuth2TokenPage as default } from '../../../../oauth2-token-page';
