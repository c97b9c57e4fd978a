import { PostPage } from '../../../post-page';

/** Menu component `system/post/index`. */
export default PostPage;
