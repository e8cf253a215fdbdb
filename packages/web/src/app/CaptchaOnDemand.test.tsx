import { cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaOnDemand } from './CaptchaOnDemand';
import { captchaPrompt } from './feedback';

const host = vi.hoisted(() => ({ fail: false, mounts: 0, answer: 'verification-1' }));

// The real host's contract: once mounted it answers captchaPrompt.ask itself. With host.fail the
// import fails, as a chunk that cannot be fetched does.
vi.mock('../platform/captcha/CaptchaHost', () => {
  function FakeHost() {
    useEffect(() => {
      host.mounts += 1;
      captchaPrompt.ask = async () => host.answer;
      return () => {
        captchaPrompt.ask = null;
      };
    }, []);
    return null;
  }
  const module = {};
  Object.defineProperty(module, 'CaptchaHost', {
    enumerable: true,
    get: () => {
      if (host.fail) throw new TypeError('Failed to fetch dynamically imported module');
      return FakeHost;
    },
  });
  return module;
});

const ask = () => (captchaPrompt.ask as () => Promise<string | null>)();

afterEach(() => {
  cleanup();
  captchaPrompt.ask = null;
  host.mounts = 0;
  host.fail = false;
});

describe('CaptchaOnDemand', () => {
  it('loads the captcha host only when asked, then passes the question on to it', async () => {
    render(<CaptchaOnDemand />);
    expect(captchaPrompt.ask).toBeTypeOf('function');
    expect(host.mounts).toBe(0);
    expect(await ask()).toBe('verification-1');
    expect(host.mounts).toBe(1);
    // The host has taken over: later questions go to it directly.
    host.answer = 'verification-2';
    expect(await ask()).toBe('verification-2');
  });

  it('answers null when the host cannot load, so the call ends with the server message', async () => {
    host.fail = true;
    render(<CaptchaOnDemand />);
    expect(await ask()).toBeNull();
    expect(host.mounts).toBe(0);
  });
});
