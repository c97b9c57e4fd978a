/** Addresses of the workflow management pages (forms, user groups, models, definitions). */
export const BPM_FORM_LIST_PATH = '/bpm/manager/form';
export const BPM_FORM_EDIT_PATH = '/bpm/manager/form/edit';
export const BPM_MODEL_LIST_PATH = '/bpm/manager/model';
export const BPM_MODEL_DESIGN_PATH = '/bpm/manager/model/design';
export const BPM_DEFINITION_PATH = '/bpm/manager/definition';

export const formEditPath = (formId?: number): string =>
  formId === undefined ? BPM_FORM_EDIT_PATH : `${BPM_FORM_EDIT_PATH}?formId=${formId}`;
export const modelDesignPath = (modelId: string): string =>
  `${BPM_MODEL_DESIGN_PATH}?modelId=${encodeURIComponent(modelId)}`;
export const definitionPath = (key: string): string =>
  `${BPM_DEFINITION_PATH}?key=${encodeURIComponent(key)}`;
