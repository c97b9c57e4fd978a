import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { CAPTCHA_IMAGE } from '@app/contract';
import { aesEcbEncrypt } from './aes-ecb';
import { checkCaptcha, getCaptcha } from './api';
import './captcha.css';

interface Puzzle {
  token: string;
  secretKey: string;
  original: string;
  jigsaw: string;
}

type Phase = 'loading' | 'ready' | 'checking' | 'passed' | 'failed' | 'error';

export interface CaptchaDialogProps {
  /** Called with the captchaVerification the sign-in request carries. */
  onSuccess: (captchaVerification: string) => void;
  onClose: () => void;
}

/** A new puzzle, or the error to show instead. */
const requestPuzzle = async (): Promise<Puzzle | Error> => {
  try {
    const res = await getCaptcha();
    const data = res.repData;
    if (!res.success || !data?.token || !data.secretKey) return new Error(res.repMsg ?? '获取验证码失败');
    return {
      token: data.token,
      secretKey: data.secretKey,
      original: `data:image/png;base64,${data.originalImageBase64 ?? ''}`,
      jigsaw: `data:image/png;base64,${data.jigsawImageBase64 ?? ''}`,
    };
  } catch (caught) {
    return caught instanceof Error ? caught : new Error('获取验证码失败');
  }
};

const MAX_LEFT = CAPTCHA_IMAGE.width - CAPTCHA_IMAGE.jigsawWidth;
const clamp = (left: number) => Math.min(MAX_LEFT, Math.max(0, left));

/**
 * The block-puzzle captcha in a popup: drag the handle (mouse, touch or arrow keys, Enter to
 * confirm) until the piece fills the hole; a pass hands back the verification, a miss loads a new one.
 */
export function CaptchaDialog({ onSuccess, onClose }: CaptchaDialogProps) {
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [message, setMessage] = useState('');
  const [left, setLeft] = useState(0);
  const leftRef = useRef(0);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const move = (next: number) => {
    leftRef.current = clamp(next);
    setLeft(leftRef.current);
  };

  const show = useCallback((next: Puzzle | Error) => {
    if (next instanceof Error) {
      setPhase('error');
      setMessage(next.message);
    } else {
      setPuzzle(next);
      setPhase('ready');
    }
  }, []);

  const load = () => {
    window.clearTimeout(timer.current);
    setPhase('loading');
    setMessage('');
    move(0);
    void requestPuzzle().then(show);
  };

  useEffect(() => {
    let active = true;
    void requestPuzzle().then((next) => active && show(next));
    return () => {
      active = false;
      window.clearTimeout(timer.current);
    };
  }, [show]);

  useEffect(() => {
    if (phase === 'ready') handleRef.current?.focus();
  }, [phase]);

  const submit = async () => {
    if (!puzzle || phase !== 'ready') return;
    setPhase('checking');
    // The image is shown at its own size, so the handle's offset is the point's x.
    const pointJson = JSON.stringify({ x: leftRef.current, y: 5 });
    try {
      const res = await checkCaptcha(puzzle.token, await aesEcbEncrypt(pointJson, puzzle.secretKey));
      if (res.success) {
        const verification = await aesEcbEncrypt(`${puzzle.token}---${pointJson}`, puzzle.secretKey);
        setPhase('passed');
        setMessage('验证成功');
        timer.current = window.setTimeout(() => onSuccess(verification), 500);
      } else {
        setPhase('failed');
        setMessage(res.repMsg ?? '验证失败');
        timer.current = window.setTimeout(load, 1000);
      }
    } catch (caught) {
      setPhase('error');
      setMessage(caught instanceof Error ? caught.message : '验证失败');
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (phase !== 'ready') return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX - leftRef.current };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) move(event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (leftRef.current > 0) void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, number> = {
      ArrowRight: leftRef.current + step,
      ArrowUp: leftRef.current + step,
      ArrowLeft: leftRef.current - step,
      ArrowDown: leftRef.current - step,
      Home: 0,
      End: MAX_LEFT,
    };
    const next = moves[event.key];
    if (next !== undefined && phase === 'ready') {
      event.preventDefault();
      move(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div
      className="captcha-mask"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="captcha-dialog" role="dialog" aria-modal="true" aria-labelledby="captcha-title">
        <div className="captcha-header">
          <h2 id="captcha-title">请完成安全验证</h2>
          <button type="button" className="captcha-icon-button" aria-label="关闭验证" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="captcha-picture" style={{ width: CAPTCHA_IMAGE.width, height: CAPTCHA_IMAGE.height }}>
          {puzzle && phase !== 'loading' && phase !== 'error' ? (
            <>
              <img className="captcha-original" src={puzzle.original} alt="验证码背景图" draggable={false} />
              <img
                className="captcha-jigsaw"
                src={puzzle.jigsaw}
                alt="拼图块"
                draggable={false}
                style={{ left }}
              />
            </>
          ) : (
            <div className="captcha-placeholder">{phase === 'error' ? message : '加载中…'}</div>
          )}
          <button
            type="button"
            className="captcha-icon-button captcha-refresh"
            aria-label="刷新验证码"
            onClick={load}
            disabled={phase === 'checking' || phase === 'passed'}
          >
            ⟳
          </button>
          {(phase === 'passed' || phase === 'failed') && (
            <div className={`captcha-result captcha-result-${phase}`} role="status">
              {message}
            </div>
          )}
        </div>
        <div className={`captcha-bar captcha-bar-${phase}`} style={{ width: CAPTCHA_IMAGE.width }}>
          <div className="captcha-bar-fill" style={{ width: left + 20 }} />
          <span className="captcha-bar-text">向右滑动完成验证</span>
          <div
            ref={handleRef}
            className="captcha-handle"
            role="slider"
            tabIndex={0}
            aria-label="拖动滑块完成拼图（方向键移动，回车确认）"
            aria-valuemin={0}
            aria-valuemax={MAX_LEFT}
            aria-valuenow={Math.round(left)}
            aria-disabled={phase !== 'ready'}
            style={{ left }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          >
            {phase === 'passed' ? '✓' : phase === 'failed' ? '×' : '→'}
          </div>
        </div>
      </div>
    </div>
  );
}

export default CaptchaDialog;
