import { OAuth2ClientPage } from '../../../../oauth2-client-page';

/** Menu component `system/oauth2/client/index`. */
export default OAuth2ClientPage;
