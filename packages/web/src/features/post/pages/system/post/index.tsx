export { PostPage as default } from '../../../post-page';
