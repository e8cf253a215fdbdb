import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  CAPTCHA,
  type CaptchaPoint,
  CaptchaRepCode,
  captchaVerification,
  encodePoints,
  type TCaptchaType,
} from '@shetuan/shared/captcha';
import { Modal, Spin } from 'antd';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { captchaApi } from './api';

const { width: W, height: H } = CAPTCHA;
const BAR = 40;
const JIGSAW_W = 47;
/** The spec: the check goes 400 ms after the slide or the third click. */
const CHECK_DELAY_MS = 400;
const CLOSE_AFTER_MS = 1000;

interface Challenge {
  image: string;
  jigsaw?: string;
  token: string;
  secretKey: string;
  words: string[];
}

type Phase = 'loading' | 'ready' | 'checking' | 'passed' | 'failed' | 'error';

export interface CaptchaModalProps {
  open: boolean;
  type?: TCaptchaType;
  onSuccess: (verification: string) => void;
  onCancel: () => void;
}

/**
 * The captcha pop-up (spec 000 §4): a 310 x 155 picture and a 40 px bar. Slide the piece into its
 * hole, or click the three words in order; the check goes 400 ms later. 验证成功 with the seconds
 * taken closes it after about a second; 验证失败 loads a new picture.
 */
export function CaptchaModal({ open, type = 'blockPuzzle', onSuccess, onCancel }: CaptchaModalProps) {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [note, setNote] = useState('');
  const [left, setLeft] = useState(0);
  const [clicks, setClicks] = useState<CaptchaPoint[]>([]);
  const started = useRef(0);
  const drag = useRef<{ startX: number } | null>(null);

  const load = useCallback(async () => {
    setPhase('loading');
    setLeft(0);
    setClicks([]);
    setNote('');
    const res = await captchaApi.get(type);
    if (res.repCode !== CaptchaRepCode.OK || !res.repData?.token) {
      setPhase('error');
      setNote(res.repMsg ?? '验证码获取失败');
      return;
    }
    setChallenge({
      image: res.repData.originalImageBase64 ?? '',
      jigsaw: res.repData.jigsawImageBase64,
      token: res.repData.token,
      secretKey: res.repData.secretKey ?? '',
      words: res.repData.wordList ?? [],
    });
    setPhase('ready');
    started.current = Date.now();
  }, [type]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const check = (points: CaptchaPoint | CaptchaPoint[]) => {
    if (!challenge) return;
    setPhase('checking');
    setTimeout(async () => {
      const json = JSON.stringify(points);
      const res = await captchaApi.check({
        captchaType: type,
        token: challenge.token,
        pointJson: encodePoints(points, challenge.secretKey),
      });
      if (res.repCode === CaptchaRepCode.OK) {
        const seconds = ((Date.now() - started.current) / 1000).toFixed(2);
        setPhase('passed');
        setNote(`${seconds}s验证成功`);
        const verification = captchaVerification(challenge.token, json, challenge.secretKey);
        setTimeout(() => onSuccess(verification), CLOSE_AFTER_MS);
      } else {
        setPhase('failed');
        setNote(res.repMsg === '验证码已失效，请重新获取' ? res.repMsg : '验证失败');
        setTimeout(() => void load(), CLOSE_AFTER_MS);
      }
    }, CHECK_DELAY_MS);
  };

  const maxLeft = W - JIGSAW_W;
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (phase !== 'ready') return;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX - left };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setLeft(Math.min(maxLeft, Math.max(0, e.clientX - drag.current.startX)));
  };
  const onUp = () => {
    if (!drag.current) return;
    drag.current = null;
    if (left > 0) check({ x: Math.round(left * 100) / 100, y: 5 });
  };

  const onPictureClick = (e: React.MouseEvent<HTMLDivElement>) => {
    if (type !== 'clickWord' || phase !== 'ready' || clicks.length >= 3) return;
    const box = e.currentTarget.getBoundingClientRect();
    const next = [...clicks, { x: Math.round(e.clientX - box.left), y: Math.round(e.clientY - box.top) }];
    setClicks(next);
    if (next.length === 3) check(next);
  };

  const barText =
    phase === 'passed' || phase === 'failed' || phase === 'error'
      ? note
      : type === 'clickWord'
        ? `请依次点击【${challenge?.words.join(',') ?? ''}】`
        : '向右拖动滑块填充拼图';
  const barColour = phase === 'passed' ? '#52c41a' : phase === 'failed' || phase === 'error' ? '#ff4d4f' : '#1677ff';

  return (
    <Modal
      open={open}
      title="请完成安全验证"
      footer={null}
      width={W + 48}
      onCancel={onCancel}
      destroyOnHidden
      maskClosable={false}
    >
      <div style={{ width: W, margin: '0 auto', userSelect: 'none' }} data-testid="captcha">
        {/* biome-ignore lint/a11y: where the click lands is the answer; the slide is the keyboard's way */}
        <div
          style={{
            position: 'relative',
            width: W,
            height: H,
            background: '#f0f2f5',
            cursor: type === 'clickWord' ? 'pointer' : 'default',
          }}
          onClick={onPictureClick}
        >
          {phase === 'loading' || !challenge ? (
            <div style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
              {phase === 'error' ? <span style={{ color: '#ff4d4f' }}>{note}</span> : <Spin />}
            </div>
          ) : (
            <>
              <img
                src={`data:image/png;base64,${challenge.image}`}
                alt="验证图片"
                width={W}
                height={H}
                draggable={false}
              />
              {type === 'blockPuzzle' && challenge.jigsaw && (
                <img
                  src={`data:image/png;base64,${challenge.jigsaw}`}
                  alt="拼图块"
                  width={JIGSAW_W}
                  height={H}
                  draggable={false}
                  style={{ position: 'absolute', top: 0, left }}
                />
              )}
              {clicks.map((p, i) => (
                <span
                  key={`${p.x}-${p.y}`}
                  style={{
                    position: 'absolute',
                    left: p.x - 10,
                    top: p.y - 10,
                    width: 20,
                    height: 20,
                    borderRadius: 10,
                    background: '#1677ff',
                    color: '#fff',
                    fontSize: 12,
                    lineHeight: '20px',
                    textAlign: 'center',
                  }}
                >
                  {i + 1}
                </span>
              ))}
            </>
          )}
          <ReloadOutlined
            aria-label="换一张"
            onClick={(e) => {
              e.stopPropagation();
              void load();
            }}
            style={{ position: 'absolute', top: 6, right: 6, color: '#fff', fontSize: 18, cursor: 'pointer' }}
          />
        </div>
        <div
          style={{
            position: 'relative',
            marginTop: 10,
            height: BAR,
            lineHeight: `${BAR}px`,
            border: `1px solid ${phase === 'ready' || phase === 'loading' ? '#d9d9d9' : barColour}`,
            background: '#f7f9fa',
            textAlign: 'center',
            color: phase === 'ready' || phase === 'loading' ? '#666' : barColour,
          }}
        >
          <span>{barText}</span>
          {type === 'blockPuzzle' && (
            <>
              <div
                style={{
                  position: 'absolute',
                  left: 0,
                  top: 0,
                  height: BAR - 2,
                  width: left,
                  background: `${barColour}22`,
                }}
              />
              <div
                role="slider"
                aria-label="拖动滑块"
                aria-valuemin={0}
                aria-valuemax={maxLeft}
                aria-valuenow={Math.round(left)}
                tabIndex={0}
                onPointerDown={onDown}
                onPointerMove={onMove}
                onPointerUp={onUp}
                onKeyDown={(e) => {
                  if (phase !== 'ready') return;
                  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                    const step = e.key === 'ArrowRight' ? 1 : -1;
                    setLeft((v) => Math.min(maxLeft, Math.max(0, v + step)));
                  } else if (e.key === 'Enter' && left > 0) check({ x: left, y: 5 });
                }}
                style={{
                  position: 'absolute',
                  top: 0,
                  left,
                  width: BAR,
                  height: BAR - 2,
                  background: phase === 'ready' || phase === 'loading' ? '#fff' : barColour,
                  color: phase === 'ready' || phase === 'loading' ? '#333' : '#fff',
                  boxShadow: '0 0 4px rgba(0,0,0,0.25)',
                  cursor: phase === 'ready' ? 'grab' : 'default',
                  touchAction: 'none',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {phase === 'passed' ? (
                  <CheckOutlined />
                ) : phase === 'failed' ? (
                  <CloseOutlined />
                ) : (
                  <ArrowRightOutlined />
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
