import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import 'diagram-js-minimap/assets/diagram-js-minimap.css';
import 'bpmn-js-token-simulation/assets/css/bpmn-js-token-simulation.css';
import './bpmn-designer.css';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  CompressOutlined,
  CheckCircleOutlined,
  DownloadOutlined,
  EyeOutlined,
  FolderOpenOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  ReloadOutlined,
  SaveOutlined,
  UndoOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
  WarningOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type { BpmnFlavour } from '@app/contract/bpmn';
import { App, Button, Dropdown, Modal, Popover, Space, Tooltip } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import tokenSimulationModule from 'bpmn-js-token-simulation';
import minimapModule from 'diagram-js-minimap';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  createEmptyDiagram,
  isDiagramFileName,
  nextZoom,
  xmlToJson,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  zoomPercent,
} from './bpmn-utils';
import { loadModdleExtensions } from './flavours';
import { LintProblemList } from './lint/lint-problem-list';
import { lintModeler, useLiveLint } from './lint/use-live-lint';
import { PropertiesPanel } from './properties-panel';
import { services } from './services';
import { translateModule } from './translate-zh';
import { userTaskPaletteModule } from './user-task-palette';

export type AlignType = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

export const ALIGN_WARNING = 'please hold Ctrl to select several elements';
export const SAVE_FAILED = '保存模型失败，请重试！';

export interface BpmnDesignerProps {
  /** Diagram to show; an empty diagram of the flavour when absent. */
  xml?: string;
  /** Engine flavour; switching it re-creates the modeler. */
  prefix?: BpmnFlavour;
  /** Process key and name for a new diagram and the base-info tab. */
  processKey?: string;
  processName?: string;
  /** The saved model's id: once present the process key can no longer change. */
  modelId?: string;
  /** Stores the diagram; without it there is no 保存模型 button. */
  onSave?: (xml: string) => void | Promise<void>;
  /** Called with the current XML 250 ms after each change. */
  onChange?: (xml: string) => void;
}

const download = (content: string, type: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

interface IconButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

const IconButton = ({ label, icon, onClick, disabled }: IconButtonProps) => (
  <Tooltip title={label}>
    <Button size="small" aria-label={label} icon={icon} onClick={onClick} disabled={disabled} />
  </Tooltip>
);

/** The BPMN process designer: toolbar, bpmn-js canvas with minimap and the properties panel. */
export function BpmnDesigner({
  xml,
  prefix = 'camunda',
  processKey,
  processName,
  modelId,
  onSave,
  onChange,
}: BpmnDesignerProps) {
  const { message, modal } = App.useApp();
  const canvasRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const modelerRef = useRef<Modeler | null>(null);
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [scale, setScale] = useState(1);
  const [simulation, setSimulation] = useState(false);
  const [preview, setPreview] = useState<{ type: 'xml' | 'json'; content: string } | null>(null);
  const problems = useLiveLint(modeler, prefix);
  const loadToken = useRef(0);
  const latest = useRef({ xml, processKey, processName, onChange });
  useEffect(() => {
    latest.current = { xml, processKey, processName, onChange };
  });

  const importDiagram = useCallback(async (instance: Modeler, source: string) => {
    const token = ++loadToken.current;
    try {
      const { warnings } = await instance.importXML(source);
      if (token !== loadToken.current || modelerRef.current !== instance) return;
      if (warnings.length) console.warn('流程图导入警告', warnings);
      services(instance).canvas.zoom('fit-viewport', 'auto');
    } catch (error) {
      console.error('流程图导入失败', error);
    }
  }, []);

  // One modeler per flavour, created on the ref'd div and destroyed on cleanup (StrictMode safe).
  useEffect(() => {
    const container = canvasRef.current;
    if (!container) return;
    let disposed = false;
    let instance: Modeler | null = null;
    let changeTimer: ReturnType<typeof setTimeout> | undefined;
    let resizeObserver: ResizeObserver | undefined;
    const start = (moddleExtensions: Record<string, unknown>) => {
      if (disposed) return;
      const modeler = new Modeler({
        container,
        additionalModules: [translateModule, userTaskPaletteModule, minimapModule, tokenSimulationModule],
        moddleExtensions,
        // Closed at first so it does not cover the canvas; its toggle stays in the corner.
        minimap: { open: false },
      } as ConstructorParameters<typeof Modeler>[0]);
      instance = modeler;
      modelerRef.current = modeler;
      const { eventBus, commandStack } = services(modeler);
      eventBus.on('commandStack.changed', () => {
        setCanUndo(commandStack.canUndo());
        setCanRedo(commandStack.canRedo());
        clearTimeout(changeTimer);
        changeTimer = setTimeout(() => {
          const notify = latest.current.onChange;
          if (!notify) return;
          modeler.saveXML({ format: true }).then(
            ({ xml: current }) => current && notify(current),
            (error: unknown) => console.error('流程图导出失败', error),
          );
        }, 250);
      });
      eventBus.on<{ viewbox: { scale: number } }>('canvas.viewbox.changed', ({ viewbox }) =>
        setScale(viewbox.scale),
      );
      eventBus.on<{ active: boolean }>('tokenSimulation.toggleMode', ({ active }) => setSimulation(active));
      eventBus.on('import.done', () => {
        setCanUndo(false);
        setCanRedo(false);
      });
      // diagram-js caches the viewbox: tell it when the canvas area changes size.
      resizeObserver = new ResizeObserver(() => services(modeler).canvas.resized());
      resizeObserver.observe(container);
      setModeler(modeler);
      const { xml: initial, processKey: key, processName: name } = latest.current;
      void importDiagram(modeler, initial || createEmptyDiagram(prefix, { key, name }));
    };
    loadModdleExtensions(prefix).then(start, (error: unknown) =>
      console.error('流程设计器初始化失败', error),
    );
    return () => {
      disposed = true;
      clearTimeout(changeTimer);
      resizeObserver?.disconnect();
      modelerRef.current = null;
      setModeler(null);
      instance?.destroy();
    };
  }, [prefix, importDiagram]);

  // A new xml prop re-imports into the existing modeler.
  const importedXml = useRef(xml);
  useEffect(() => {
    if (xml === importedXml.current) return;
    importedXml.current = xml;
    if (modelerRef.current && xml) void importDiagram(modelerRef.current, xml);
  }, [xml, importDiagram]);

  const current = () => modelerRef.current;
  const fileBase = () => processName || processKey || 'diagram';

  const openFile = async (file: File) => {
    if (!isDiagramFileName(file.name)) {
      message.error('只能打开 .xml 或 .bpmn 格式的文件');
      return;
    }
    const instance = current();
    if (instance) await importDiagram(instance, await file.text());
  };

  const exportAs = async (kind: 'xml' | 'bpmn' | 'svg') => {
    const instance = current();
    if (!instance) return;
    try {
      if (kind === 'svg') {
        const { svg } = await instance.saveSVG();
        download(svg, 'image/svg+xml', `${fileBase()}.svg`);
      } else {
        const { xml: content = '' } = await instance.saveXML({ format: true });
        download(content, 'application/xml', `${fileBase()}.${kind}`);
      }
    } catch (error) {
      console.error('流程图导出失败', error);
    }
  };

  const showPreview = async (type: 'xml' | 'json') => {
    const instance = current();
    if (!instance) return;
    try {
      const { xml: content = '' } = await instance.saveXML({ format: true });
      setPreview({ type, content: type === 'xml' ? content : xmlToJson(content) });
    } catch (error) {
      console.error('流程图导出失败', error);
    }
  };

  const align = (type: AlignType) => {
    const instance = current();
    if (!instance) return;
    const elements = services(instance).selection.get();
    if (elements.length <= 1) {
      message.warning(ALIGN_WARNING);
      return;
    }
    modal.confirm({
      title: '警告',
      content: '自动对齐可能造成图形变形，是否继续？',
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        instance
          .get<{ trigger(el: unknown[], type: AlignType): void }>('alignElements')
          .trigger(elements, type),
    });
  };

  const zoomBy = (delta: number) => {
    const instance = current();
    if (!instance) return;
    try {
      const next = nextZoom(scale, delta);
      services(instance).canvas.zoom(next);
      setScale(next);
    } catch (error) {
      message.warning('缩放比例需在 20% 到 400% 之间');
      console.error(error);
    }
  };

  const fitViewport = () => {
    const instance = current();
    if (instance) setScale(services(instance).canvas.zoom('fit-viewport', 'auto'));
  };

  const redraw = () => {
    modal.confirm({
      title: '提示',
      content: '确定重新绘制吗？当前流程图将被清空。',
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        const instance = current();
        if (instance)
          void importDiagram(instance, createEmptyDiagram(prefix, { key: processKey, name: processName }));
      },
    });
  };

  const save = async () => {
    const instance = current();
    if (!instance) return;
    try {
      const { xml: content = '' } = await instance.saveXML({ format: true });
      await onSave?.(content);
    } catch (error) {
      console.error(error);
      message.error(SAVE_FAILED);
      return;
    }
    // Problems do not block saving; they are shown once it is done.
    const found = await lintModeler(instance, prefix).catch(() => []);
    if (found.length)
      modal.warning({
        title: `流程校验发现 ${found.length} 个问题`,
        content: <LintProblemList modeler={instance} problems={found} />,
        okText: '知道了',
        width: 600,
      });
  };

  const toggleSimulation = () => {
    current()?.get<{ toggleMode(active?: boolean): void }>('toggleMode').toggleMode();
  };

  const alignButtons: { type: AlignType; label: string; icon: ReactNode }[] = [
    { type: 'left', label: '向左对齐', icon: <AlignLeftOutlined /> },
    { type: 'center', label: '水平居中', icon: <AlignCenterOutlined /> },
    { type: 'right', label: '向右对齐', icon: <AlignRightOutlined /> },
    { type: 'top', label: '向上对齐', icon: <VerticalAlignTopOutlined /> },
    { type: 'middle', label: '垂直居中', icon: <VerticalAlignMiddleOutlined /> },
    { type: 'bottom', label: '向下对齐', icon: <VerticalAlignBottomOutlined /> },
  ];

  return (
    <div className="bpm-designer">
      <div className="bpm-designer__toolbar" role="toolbar" aria-label="流程设计工具栏">
        <Space size={4} wrap>
          <Space.Compact>
            <Button size="small" icon={<FolderOpenOutlined />} onClick={() => fileRef.current?.click()}>
              打开文件
            </Button>
            <Dropdown
              menu={{
                items: [
                  { key: 'xml', label: '下载为 XML 文件' },
                  { key: 'svg', label: '下载为 SVG 文件' },
                  { key: 'bpmn', label: '下载为 BPMN 文件' },
                ],
                onClick: ({ key }) => void exportAs(key as 'xml' | 'bpmn' | 'svg'),
              }}
            >
              <Button size="small" icon={<DownloadOutlined />}>
                下载文件
              </Button>
            </Dropdown>
            <Dropdown
              menu={{
                items: [
                  { key: 'xml', label: '预览 XML' },
                  { key: 'json', label: '预览 JSON' },
                ],
                onClick: ({ key }) => void showPreview(key as 'xml' | 'json'),
              }}
            >
              <Button size="small" icon={<EyeOutlined />}>
                预览
              </Button>
            </Dropdown>
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              onClick={toggleSimulation}
              type={simulation ? 'primary' : 'default'}
            >
              {simulation ? '退出模拟' : '开启模拟'}
            </Button>
          </Space.Compact>
          <Space.Compact>
            {alignButtons.map((item) => (
              <IconButton
                key={item.type}
                label={item.label}
                icon={item.icon}
                onClick={() => align(item.type)}
              />
            ))}
          </Space.Compact>
          <Space.Compact>
            <IconButton
              label="缩小视图"
              icon={<ZoomOutOutlined />}
              onClick={() => zoomBy(-ZOOM_STEP)}
              disabled={scale - ZOOM_STEP < ZOOM_MIN - 1e-9}
            />
            <Button size="small" aria-label="当前缩放比例" className="bpm-designer__zoom">
              {zoomPercent(scale)}
            </Button>
            <IconButton
              label="放大视图"
              icon={<ZoomInOutlined />}
              onClick={() => zoomBy(ZOOM_STEP)}
              disabled={scale + ZOOM_STEP > ZOOM_MAX + 1e-9}
            />
            <IconButton label="重置视图并居中" icon={<CompressOutlined />} onClick={fitViewport} />
          </Space.Compact>
          <Space.Compact>
            <IconButton
              label="撤销"
              icon={<UndoOutlined />}
              onClick={() => current()?.get<{ undo(): void }>('commandStack').undo()}
              disabled={!canUndo}
            />
            <IconButton
              label="恢复"
              icon={<RedoOutlined />}
              onClick={() => current()?.get<{ redo(): void }>('commandStack').redo()}
              disabled={!canRedo}
            />
            <IconButton label="重新绘制" icon={<ReloadOutlined />} onClick={redraw} />
          </Space.Compact>
          {modeler && (
            <Popover
              trigger="click"
              title="流程校验"
              content={
                problems.length ? (
                  <LintProblemList modeler={modeler} problems={problems} selectable />
                ) : (
                  '未发现问题'
                )
              }
            >
              <Button
                size="small"
                icon={problems.length ? <WarningOutlined /> : <CheckCircleOutlined />}
                danger={problems.some((p) => p.category === 'error')}
              >
                {problems.length ? `${problems.length} 个问题` : '校验通过'}
              </Button>
            </Popover>
          )}
          {onSave && (
            <Button size="small" type="primary" icon={<SaveOutlined />} onClick={() => void save()}>
              保存模型
            </Button>
          )}
        </Space>
        <input
          ref={fileRef}
          type="file"
          accept=".xml,.bpmn"
          aria-label="选择流程文件"
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void openFile(file);
          }}
        />
      </div>
      <div className="bpm-designer__body">
        <div className="bpm-designer__canvas" ref={canvasRef} data-testid="bpmn-canvas" />
        {/* The panel's place is kept from the start: the first import fits the diagram to the
            canvas as it stays, not to one that the panel then narrows. */}
        {modeler ? (
          <PropertiesPanel
            key={prefix}
            modeler={modeler}
            prefix={prefix}
            processKey={processKey}
            processName={processName}
            modelId={modelId}
          />
        ) : (
          <aside className="bpm-designer__panel" aria-label="属性面板" />
        )}
      </div>
      <Modal
        title={preview?.type === 'json' ? '预览 JSON' : '预览 XML'}
        open={preview !== null}
        width="80%"
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        <pre className="bpm-designer__preview" data-testid="bpmn-preview">
          {preview?.content}
        </pre>
      </Modal>
    </div>
  );
}

export default BpmnDesigner;
