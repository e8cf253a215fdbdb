import { type ComponentType, useEffect, useRef, useState } from 'react';
import { captchaPrompt } from './feedback';

type Ask = () => Promise<string | null>;

/**
 * The captcha pop-up (platform/captcha/CaptchaHost), loaded the first time the request client asks
 * for it (code 416): its slider and the AES it answers with stay out of every page's first download
 * (docs/performance.md, page weight). Until then captchaPrompt.ask loads the host, waits for it to
 * take captchaPrompt over, and passes the question on; a host that cannot load answers null, so the
 * call ends with the server's own message.
 */
export function CaptchaOnDemand() {
  const [Host, setHost] = useState<ComponentType | null>(null);
  const mounted = useRef<((ask: Ask | null) => void) | null>(null);
  useEffect(() => {
    if (Host) return;
    let loading: Promise<Ask | null> | null = null;
    const ask: Ask = async () => {
      loading ??= import('../platform/captcha/CaptchaHost')
        .then(({ CaptchaHost }) => {
          return new Promise<Ask | null>((resolve) => {
            mounted.current = resolve;
            setHost(() => CaptchaHost);
          });
        })
        .catch(() => null);
      const real = await loading;
      return real ? real() : null;
    };
    captchaPrompt.ask = ask;
    return () => {
      if (captchaPrompt.ask === ask) captchaPrompt.ask = null;
    };
  }, [Host]);
  if (!Host) return null;
  return (
    <>
      <Host />
      <HostMounted onMounted={() => mounted.current?.(captchaPrompt.ask)} />
    </>
  );
}

/** Its effect runs after the host's own (siblings in order): captchaPrompt.ask is the host's by then. */
function HostMounted({ onMounted }: { onMounted: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the host has mounted
  useEffect(onMounted, []);
  return null;
}
