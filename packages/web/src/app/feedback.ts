import { Modal as StaticModal, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';

/**
 * Toasts and confirm boxes for code outside React (the request client). FeedbackBridge, inside
 * antd's <App>, hands over the context-aware instances; before that the static ones serve.
 */
export const feedback: { message: MessageInstance; modal: Omit<ModalStaticFunctions, 'warn'> } = {
  message: staticMessage,
  modal: StaticModal,
};

/** Where the client sends the user (set by the router). */
export const navigation = {
  go: (path: string) => {
    window.location.assign(`/new${path}`);
  },
};

/** The captcha pop-up, for the request client on code 416 (set by CaptchaHost; null before it mounts). */
export const captchaPrompt: { ask: (() => Promise<string | null>) | null } = { ask: null };
