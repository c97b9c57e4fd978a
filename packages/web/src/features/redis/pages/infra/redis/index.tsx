export { RedisPage as default } from '../../../redis-page';
