import { OAuth2TokenPage } from '../../../../oauth2-token-page';

/** Menu component `system/oauth2/token/index`. */
export default OAuth2TokenPage;
