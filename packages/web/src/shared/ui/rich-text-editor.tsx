import {
  BoldOutlined,
  ClearOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Form, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { uploadFile } from '../request/upload-file';
import './rich-text-editor.css';

/*
 * A rich-text (HTML) input on Tiptap, for a product's description and the like. It is heavy (ProseMirror),
 * so import it lazily from the page that needs it: only that page's chunk loads it.
 */

export interface RichTextEditorProps {
  /** HTML; an empty document is ''. */
  value?: string | null;
  onChange?: (html: string) => void;
  id?: string;
  /** The editable area's accessible name (the form item's label). */
  'aria-label'?: string;
  /** Marks the area as failing its check (default: the enclosing form item's status). */
  status?: 'error' | 'warning' | '';
  disabled?: boolean;
  /** The editable area's least height in pixels. */
  minHeight?: number;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** The HTML the value holds: '' for an empty document, so that "required" checks see nothing. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

export function RichTextEditor({
  value,
  onChange,
  id,
  'aria-label': ariaLabel,
  status,
  disabled = false,
  minHeight = 300,
}: RichTextEditorProps) {
  const { message } = App.useApp();
  const itemStatus = Form.Item.useStatus().status;
  const shownStatus = status ?? itemStatus;
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // What the editor last said, so that the value coming back from the form is not set again.
  const emitted = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    // No trailing paragraph added after a heading or a picture: the HTML stays as saved.
    extensions: [StarterKit.configure({ trailingNode: false }), Image.configure({ allowBase64: false })],
    content: value ?? '',
    editable: !disabled,
    // The toolbar reads what it shows through useEditorState; typing re-renders nothing else.
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'rich-text-content',
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      if (html === emitted.current) return;
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value set from outside (a loaded record, a reset) replaces the document.
  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      heading: current.isActive('heading', { level: 2 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const insertImage = async (file: File) => {
    setUploading(true);
    try {
      const url = await uploadFile(file, file.name);
      editor.chain().focus().setImage({ src: url, alt: file.name }).run();
    } catch {
      void message.error('图片上传失败，请重试');
    } finally {
      setUploading(false);
    }
  };

  const tool = (label: string, icon: ReactNode, run: () => unknown, pressed?: boolean, enabled = true) => (
    <Tooltip title={label} key={label}>
      <Button
        type={pressed ? 'primary' : 'text'}
        ghost={pressed}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled || !enabled}
        onClick={() => void run()}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();

  return (
    <div className={`rich-text-editor${shownStatus === 'error' ? ' rich-text-editor-error' : ''}`}>
      <div className="rich-text-toolbar" role="toolbar" aria-label="格式">
        {tool('加粗', <BoldOutlined />, () => chain().toggleBold().run(), active.bold)}
        {tool('斜体', <ItalicOutlined />, () => chain().toggleItalic().run(), active.italic)}
        {tool('下划线', <UnderlineOutlined />, () => chain().toggleUnderline().run(), active.underline)}
        {tool('删除线', <StrikethroughOutlined />, () => chain().toggleStrike().run(), active.strike)}
        {tool('标题', <FontSizeOutlined />, () => chain().toggleHeading({ level: 2 }).run(), active.heading)}
        {tool(
          '无序列表',
          <UnorderedListOutlined />,
          () => chain().toggleBulletList().run(),
          active.bulletList,
        )}
        {tool(
          '有序列表',
          <OrderedListOutlined />,
          () => chain().toggleOrderedList().run(),
          active.orderedList,
        )}
        {tool('清除格式', <ClearOutlined />, () => chain().unsetAllMarks().clearNodes().run())}
        <Tooltip title="插入图片">
          <Button
            type="text"
            size="small"
            icon={<PictureOutlined />}
            aria-label="插入图片"
            loading={uploading}
            disabled={disabled}
            onClick={() => picker.current?.click()}
          />
        </Tooltip>
        {tool('撤销', <UndoOutlined />, () => chain().undo().run(), undefined, active.canUndo)}
        {tool('重做', <RedoOutlined />, () => chain().redo().run(), undefined, active.canRedo)}
        <input
          ref={picker}
          type="file"
          accept={IMAGE_TYPES}
          aria-label="选择要插入的图片"
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

export default RichTextEditor;
