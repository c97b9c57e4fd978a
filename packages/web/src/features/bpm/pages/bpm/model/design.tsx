import { ModelDesignPage } from '../../../model/model-design-page';

/** 流程设计 (/bpm/manager/model/design?modelId=). */
export default ModelDesignPage;
