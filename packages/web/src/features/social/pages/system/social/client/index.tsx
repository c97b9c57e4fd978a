export { SocialClientPage as default } from '../../../../social-client-page';
