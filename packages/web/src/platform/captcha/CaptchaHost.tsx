import { useEffect, useRef, useState } from 'react';
import { captchaPrompt } from '../../app/feedback';
import { CaptchaModal } from './CaptchaModal';

/**
 * Lets code outside React (the request client, on code 416) ask for a captcha: the promise gives
 * the one-time verification, or null when the person closes the pop-up.
 */
export function CaptchaHost() {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((v: string | null) => void) | null>(null);
  useEffect(() => {
    captchaPrompt.ask = () =>
      new Promise<string | null>((resolve) => {
        resolver.current?.(null);
        resolver.current = resolve;
        setOpen(true);
      });
    return () => {
      captchaPrompt.ask = null;
    };
  }, []);
  const finish = (value: string | null) => {
    setOpen(false);
    resolver.current?.(value);
    resolver.current = null;
  };
  return <CaptchaModal open={open} onSuccess={(v) => finish(v)} onCancel={() => finish(null)} />;
}
