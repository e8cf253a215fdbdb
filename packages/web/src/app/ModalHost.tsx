import { Modal } from 'antd';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import { useEffect } from 'react';

/**
 * antd's hook-made confirm boxes (theme and locale from the ConfigProvider around FeedbackHost), in
 * their own chunk: FeedbackHost mounts this the first time code asks for a box (app/feedback).
 */
export default function ModalHost({ onReady }: { onReady: (api: Omit<ModalStaticFunctions, 'warn'>) => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    onReady(modal);
  }, [modal, onReady]);
  return holder;
}
