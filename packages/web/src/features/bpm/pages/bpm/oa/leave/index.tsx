export { OaLeavePage as default } from '../../../../oa-leave/oa-leave-page';
