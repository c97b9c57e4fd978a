import { UploadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, userProfileUpdateAvatar } from '@app/contract';
import { App, Button, Modal, Slider, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { request } from '../../shared/request';
import { type CropState, cropRect, initialCrop, MAX_ZOOM, MIN_ZOOM, panBy, zoomTo } from './crop-math';

/** Side of the crop area and of the preview, in CSS pixels. */
const VIEWPORT = 300;
const PREVIEW = 120;
/** Side of the uploaded PNG; a smaller one is tried if it came out over the limit. */
const OUTPUT_SIZES = [256, 160, 96];
/** Pictures larger than this are not even opened. */
const SOURCE_MAX_BYTES = 10 * 1024 * 1024;

/** Draws the viewport's square of the image onto a canvas of `size` CSS pixels. */
const paint = (
  canvas: HTMLCanvasElement | null,
  image: HTMLImageElement | null,
  crop: CropState | null,
  size: number,
) => {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return;
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(size * ratio)) {
    canvas.width = Math.round(size * ratio);
    canvas.height = Math.round(size * ratio);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!image || !crop) return;
  const { sx, sy, size: side } = cropRect(crop);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, sx, sy, side, side, 0, 0, canvas.width, canvas.height);
};

/** The crop as a PNG of at most 2 MB, or null when the browser cannot produce one. */
const exportPng = async (image: HTMLImageElement, crop: CropState): Promise<Blob | null> => {
  const { sx, sy, size } = cropRect(crop);
  for (const side of OUTPUT_SIZES) {
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, sx, sy, size, size, 0, 0, side, side);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob && blob.size <= AVATAR_MAX_BYTES) return blob;
  }
  return null;
};

const loadImage = (src: string): Promise<HTMLImageElement> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('图片加载失败'));
    image.src = src;
  });

export interface AvatarCropperProps {
  open: boolean;
  /** The current avatar, shown for re-cropping until another picture is chosen. */
  avatar: string | null;
  onClose: () => void;
  /** Called with the new avatar's URL after the upload succeeded. */
  onUploaded: (url: string) => void;
}

/**
 * 修改头像: choose a picture, drag to place it and zoom (slider, wheel, arrow and +/- keys) inside
 * a square frame, and upload the square as a PNG. Cropping uses a canvas; the preview shows the
 * round result.
 */
export function AvatarCropper({ open, avatar, onClose, onUploaded }: AvatarCropperProps) {
  const { message } = App.useApp();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const viewport = useRef<HTMLCanvasElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const objectUrl = useRef<string | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  const show = (next: HTMLImageElement) => {
    setImage(next);
    setCrop(initialCrop(next.naturalWidth, next.naturalHeight, VIEWPORT));
  };

  // Opening starts from the current avatar (same origin, so the canvas stays exportable).
  useEffect(() => {
    if (!open || !avatar) return;
    let cancelled = false;
    loadImage(avatar).then(
      (loaded) => {
        if (!cancelled) show(loaded);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [open, avatar]);

  useEffect(() => {
    paint(viewport.current, image, crop, VIEWPORT);
    paint(preview.current, image, crop, PREVIEW);
  }, [image, crop]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = viewport.current;
    if (!canvas || !open) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setCrop((s) => (s ? zoomTo(s, s.zoom - Math.sign(event.deltaY) * 0.1) : s));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [open, image]);

  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const onChoose = async (file: File | undefined) => {
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      void message.error('请选择 PNG、JPEG、WEBP 或 GIF 格式的图片');
      return;
    }
    if (file.size > SOURCE_MAX_BYTES) {
      void message.error('图片不能超过 10MB');
      return;
    }
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = URL.createObjectURL(file);
    try {
      show(await loadImage(objectUrl.current));
    } catch {
      void message.error('无法读取该图片，请换一张');
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!crop) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const last = drag.current;
    if (!last) return;
    drag.current = { x: event.clientX, y: event.clientY };
    setCrop((s) => (s ? panBy(s, event.clientX - last.x, event.clientY - last.y) : s));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [10, 0],
      ArrowRight: [-10, 0],
      ArrowUp: [0, 10],
      ArrowDown: [0, -10],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCrop((s) => (s ? panBy(s, move[0], move[1]) : s));
    } else if (event.key === '+' || event.key === '=' || event.key === '-') {
      event.preventDefault();
      setCrop((s) => (s ? zoomTo(s, s.zoom + (event.key === '-' ? -0.1 : 0.1)) : s));
    }
  };

  const onSubmit = async () => {
    if (!image || !crop) {
      void message.warning('请先选择图片');
      return;
    }
    setUploading(true);
    try {
      const blob = await exportPng(image, crop);
      if (!blob) {
        void message.error('无法生成头像图片，请换一张图片重试');
        return;
      }
      const form = new FormData();
      form.append('avatarFile', blob, 'avatar.png');
      const url = await request(userProfileUpdateAvatar, {
        body: form,
        // Keeps axios from turning the form into JSON; the browser adds the boundary.
        headers: { 'Content-Type': 'multipart/form-data' },
      });
      void message.success('修改成功');
      onUploaded(url);
    } catch {
      // The request layer has shown the failure.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      title="修改头像"
      open={open}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={uploading} disabled={!image} onClick={() => void onSubmit()}>
            确定
          </Button>
        </Space>
      }
    >
      <div className="avatar-cropper">
        <div className="avatar-cropper-stage">
          <canvas
            ref={viewport}
            className="avatar-cropper-viewport"
            style={{ width: VIEWPORT, height: VIEWPORT }}
            tabIndex={0}
            role="img"
            aria-label="裁剪区域：拖动调整位置，滚轮或加减键缩放"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          />
          {!image && <div className="avatar-cropper-empty">请选择图片</div>}
        </div>
        <div className="avatar-cropper-side">
          <Typography.Text type="secondary">预览</Typography.Text>
          <canvas
            ref={preview}
            className="avatar-cropper-preview"
            style={{ width: PREVIEW, height: PREVIEW }}
            role="img"
            aria-label="头像预览"
          />
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            选择图片
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            hidden
            aria-label="选择头像图片"
            onChange={(event) => {
              void onChoose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <div className="avatar-cropper-zoom">
            <ZoomOutOutlined aria-hidden />
            <Slider
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.01}
              value={crop?.zoom ?? 1}
              disabled={!crop}
              tooltip={{ formatter: (v) => `${Math.round((v ?? 1) * 100)}%` }}
              onChange={(value: number) => setCrop((s) => (s ? zoomTo(s, value) : s))}
              ariaLabelForHandle="缩放"
              style={{ flex: 1 }}
            />
            <ZoomInOutlined aria-hidden />
          </div>
          <Typography.Text type="secondary" className="avatar-cropper-hint">
            支持 PNG、JPEG、WEBP、GIF，裁剪后以 PNG 上传（不超过 2MB）
          </Typography.Text>
        </div>
      </div>
    </Modal>
  );
}
