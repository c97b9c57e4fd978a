// Type shims for bpmn-js add-ons that ship without declarations.
declare module 'diagram-js-minimap' {
  import type { ModuleDeclaration } from 'didi';
  const minimapModule: ModuleDeclaration;
  export default minimapModule;
}
declare module 'bpmn-js-token-simulation' {
  import type { ModuleDeclaration } from 'didi';
  const tokenSimulationModule: ModuleDeclaration;
  export default tokenSimulationModule;
}
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: unknown; elementsById: Record<string, unknown> }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): unknown;
  }
}
declare module 'bpmnlint' {
  export interface LintReport {
    id?: string;
    message: string;
    category: 'error' | 'warn' | 'info' | 'rule-error';
  }
  export interface LintResolver {
    resolveRule(pkg: string, ruleName: string): unknown;
    resolveConfig(pkg: string, configName: string): unknown;
  }
  export class Linter {
    constructor(options: { resolver: LintResolver; config?: { rules: Record<string, unknown> } });
    lint(definitions: unknown): Promise<Record<string, LintReport[]>>;
  }
}
declare module 'bpmnlint/rules/*' {
  const ruleFactory: (config?: unknown) => { check: unknown };
  export default ruleFactory;
}
