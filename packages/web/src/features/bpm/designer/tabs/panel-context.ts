import type { BpmnFlavour } from '@app/contract/bpmn';
import type Modeler from 'bpmn-js/lib/Modeler';
import type { DiagramElement } from '../services';

/** What every tab of the properties panel edits; apart from the panel, so tabs never import it back. */
export interface PanelContext {
  modeler: Modeler;
  prefix: BpmnFlavour;
  element: DiagramElement;
}
