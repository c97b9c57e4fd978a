export { SpuPage as default } from '../../../../spu-page';
