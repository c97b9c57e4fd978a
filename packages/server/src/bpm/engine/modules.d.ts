// bpmn-moddle 9 ships without declarations: only what the engine uses.
declare module 'bpmn-moddle' {
  /** A parsed BPMN element: its attributes and children by local name. */
  export interface ModdleElement {
    $type: string;
    $attrs?: Record<string, string>;
    [property: string]: unknown;
  }
  export interface ModdleParseResult {
    rootElement: ModdleElement;
    elementsById: Record<string, ModdleElement>;
    references: unknown[];
    warnings: { message: string }[];
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<ModdleParseResult>;
  }
}
