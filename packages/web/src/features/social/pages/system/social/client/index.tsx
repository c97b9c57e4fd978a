import { SocialClientPage } from '../../../../social-client-page';

/** Menu component `system/social/client/index`. */
export default SocialClientPage;
