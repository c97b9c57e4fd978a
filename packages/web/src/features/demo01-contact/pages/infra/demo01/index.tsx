export { Demo01ContactPage as default } from '../../../demo01-contact-page';
