import { DeleteOutlined, LoadingOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_SPU_PICTURES } from '@app/contract';
import { App, Button, Space, Upload } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { uploadFile } from '../../shared/request/upload-file';

/* The SPU's pictures (up to ten, in order, the first the cover) and its video. */

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
const VIDEO_TYPES = 'video/mp4,video/webm,video/ogg';

interface PictureWallProps {
  value?: readonly string[] | null;
  onChange?: (urls: string[]) => void;
  id?: string;
  max?: number;
}

const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** Keys that stay with a picture while it moves (the same URL twice is told apart by its occurrence). */
const keysOf = (urls: readonly string[]) => {
  const seen = new Map<string, number>();
  return urls.map((url) => {
    const n = seen.get(url) ?? 0;
    seen.set(url, n + 1);
    return `${url}#${n}`;
  });
};

/**
 * 商品主图: uploads (several at once) up to `max`, each removable; reordered by dragging, or with the
 * arrow keys on a focused picture. The first is the cover.
 */
export function PictureWall({ value, onChange, id, max = MAX_SPU_PICTURES }: PictureWallProps) {
  const { message } = App.useApp();
  const urls = value ?? [];
  const hint = useId();
  const [uploading, setUploading] = useState(0);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const tiles = useRef<(HTMLLIElement | null)[]>([]);
  // The list as last handed out: uploads finishing one after another each add to it.
  const latest = useRef<readonly string[]>(urls);
  useEffect(() => {
    latest.current = value ?? [];
  }, [value]);
  // A picture moved with the keys keeps the focus at its new place, once the new order is shown.
  const focusAfterMove = useRef<number | null>(null);
  useEffect(() => {
    if (focusAfterMove.current === null) return;
    tiles.current[focusAfterMove.current]?.focus();
    focusAfterMove.current = null;
  }, [value]);

  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= latest.current.length) return;
    focusAfterMove.current = to;
    change(moved(latest.current, from, to));
    setAnnouncement(`已移动到第 ${to + 1} 张`);
  };
  const upload = async (file: File) => {
    setUploading((n) => n + 1);
    try {
      const url = await uploadFile(file, file.name);
      if (latest.current.length >= max) void message.warning(`商品主图最多 ${max} 张`);
      else change([...latest.current, url]);
    } catch {
      // The request layer has said why.
    } finally {
      setUploading((n) => n - 1);
    }
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    move(index, index + step);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  const keys = keysOf(urls);
  return (
    <div className="spu-pictures" id={id}>
      <ul className="spu-picture-list" aria-label="商品主图" aria-describedby={hint}>
        {urls.map((url, index) => (
          <li
            key={keys[index]}
            ref={(node) => {
              tiles.current[index] = node;
            }}
            className={`spu-picture${dragged === index ? ' spu-picture-dragged' : ''}`}
            tabIndex={0}
            draggable
            aria-label={`第 ${index + 1} 张主图，共 ${urls.length} 张${index === 0 ? '（封面）' : ''}`}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              setDragged(index);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragged(null)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <img src={url} alt="" draggable={false} />
            {index === 0 && <span className="spu-picture-cover">封面</span>}
            <Button
              className="spu-picture-remove"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除第 ${index + 1} 张主图`}
              onClick={() => change(latest.current.filter((_, i) => i !== index))}
            />
          </li>
        ))}
        {urls.length < max && (
          <li className="spu-picture-upload">
            <Upload
              accept={IMAGE_TYPES}
              listType="picture-card"
              showUploadList={false}
              multiple
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <span aria-label="上传主图">{uploading > 0 ? <LoadingOutlined /> : <PlusOutlined />}</span>
            </Upload>
          </li>
        )}
      </ul>
      <div id={hint} className="spu-picture-hint">
        最多 {max} 张，第一张为封面；拖动图片或选中后按方向键调整顺序
      </div>
      <div className="spu-visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

interface VideoUploadProps {
  value?: string | null;
  onChange?: (url: string | null) => void;
  id?: string;
}

/** 商品视频: one video, played in place once uploaded, with 删除 to clear it. */
export function VideoUpload({ value, onChange, id }: VideoUploadProps) {
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      onChange?.(await uploadFile(file, file.name));
    } catch {
      // The request layer has said why.
    } finally {
      setUploading(false);
    }
  };
  return (
    <Space orientation="vertical" size={8}>
      {value && <video className="spu-video" src={value} controls aria-label="商品视频预览" />}
      <Space>
        <Upload
          id={id}
          accept={VIDEO_TYPES}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {value ? '更换视频' : '上传视频'}
          </Button>
        </Upload>
        {value && (
          <Button danger onClick={() => onChange?.(null)}>
            删除
          </Button>
        )}
      </Space>
    </Space>
  );
}
