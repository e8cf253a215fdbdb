import { message, theme } from 'antd';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import { type ComponentType, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { feedback, modalSource } from './feedback';

type ModalApi = Omit<ModalStaticFunctions, 'warn'>;
type Host = ComponentType<{ onReady: (api: ModalApi) => void }>;

/**
 * What antd's <App> gave, without what the first page does not need: the context-aware toasts
 * (feedback.message) and App's font and colour around the app; the confirm boxes (feedback.modal)
 * come from ModalHost, loaded the first time one opens, and notifications are not used. antd's App
 * brought Modal (with rc-dialog and Skeleton) and notification to every page (docs/performance.md).
 */
export function FeedbackHost({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const { token } = theme.useToken();
  const [Host, setHost] = useState<Host | null>(null);
  const ready = useRef<Promise<ModalApi> | null>(null);
  const resolveReady = useRef<((api: ModalApi) => void) | null>(null);

  useEffect(() => {
    feedback.message = messageApi;
  }, [messageApi]);

  useEffect(() => {
    const previous = modalSource.load;
    modalSource.load = () => {
      ready.current ??= import('./ModalHost').then(
        ({ default: ModalHost }) =>
          new Promise<ModalApi>((resolve) => {
            resolveReady.current = resolve;
            setHost(() => ModalHost);
          }),
      );
      return ready.current;
    };
    return () => {
      modalSource.load = previous;
    };
  }, []);
  const onReady = useCallback((api: ModalApi) => resolveReady.current?.(api), []);

  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {Host && <Host onReady={onReady} />}
      {messageHolder}
      {children}
    </div>
  );
}
