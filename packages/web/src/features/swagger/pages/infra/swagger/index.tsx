export { SwaggerPage as default } from '../../../swagger-page';
