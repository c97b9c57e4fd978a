import '@bpmn-io/form-js-viewer/dist/assets/form-js.css';
import '@bpmn-io/form-js-editor/dist/assets/form-js-editor.css';
import '@bpmn-io/form-js-editor/dist/assets/properties-panel.css';
import './form-renderer.css';
import './form-designer.css';
import { FormEditor } from '@bpmn-io/form-js-editor';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { customFieldsModule } from './custom-fields';
import { localize, zhPaletteModule } from './form-js-zh';
import type { FormSchema } from './form-schema';

export interface FormDesignerHandle {
  /** The schema as designed so far. */
  getSchema: () => FormSchema;
  /** Replaces the design (清空, or a form loaded later). */
  importSchema: (schema: FormSchema) => Promise<void>;
}

export interface FormDesignerProps {
  /** The design to start from; later changes go through the handle. */
  initialSchema: FormSchema;
  ref?: Ref<FormDesignerHandle>;
}

/** The drag-and-drop form designer (form-js editor): palette, canvas and properties panel. */
export function FormDesigner({ initialSchema, ref }: FormDesignerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<FormEditor | null>(null);
  const initial = useRef(initialSchema);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const editor = new FormEditor({ container, additionalModules: [customFieldsModule, zhPaletteModule] });
    editorRef.current = editor;
    const stop = localize(container);
    editor.importSchema(initial.current).catch((error: unknown) => console.error('表单导入失败', error));
    return () => {
      stop();
      editorRef.current = null;
      editor.destroy();
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      getSchema: () => {
        const editor = editorRef.current;
        if (!editor) throw new Error('表单设计器尚未就绪');
        return editor.saveSchema() as FormSchema;
      },
      importSchema: async (schema) => {
        await editorRef.current?.importSchema(schema);
      },
    }),
    [],
  );

  return <div ref={containerRef} className="bpm-form-js bpm-form-designer" data-testid="form-designer" />;
}

export default FormDesigner;
