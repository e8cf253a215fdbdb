import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';

type ModalApi = Omit<ModalStaticFunctions, 'warn'>;
type ModalKind = keyof ModalApi;
type ModalHandle = ReturnType<ModalApi['confirm']>;
type ModalUpdate = Parameters<ModalHandle['update']>[0];

/**
 * Where the confirm boxes come from: FeedbackHost's modal host (app/ModalHost, its own chunk, loaded
 * the first time a box opens: antd's Modal with rc-dialog and Skeleton stay out of the first
 * download, docs/performance.md); before FeedbackHost mounts, antd's static Modal, loaded as well.
 */
export const modalSource: { load: () => Promise<ModalApi> } = {
  load: () => import('antd/es/modal').then((m) => m.default),
};

/** A box opened at once in the caller's eyes: it shows when its code has loaded; closing or updating it before then is kept. */
function openLater(kind: ModalKind, config: ModalFuncProps): ModalHandle {
  let handle: ModalHandle | null = null;
  let closed = false;
  const updates: ModalUpdate[] = [];
  void modalSource.load().then((api) => {
    if (closed) return;
    handle = api[kind](config);
    for (const update of updates) handle.update(update);
  });
  return {
    destroy: () => {
      closed = true;
      handle?.destroy();
    },
    update: (update) => {
      if (handle) handle.update(update);
      else updates.push(update);
    },
  };
}

const lazyModal: ModalApi = {
  info: (config) => openLater('info', config),
  success: (config) => openLater('success', config),
  error: (config) => openLater('error', config),
  warning: (config) => openLater('warning', config),
  confirm: (config) => openLater('confirm', config),
};

/**
 * Toasts and confirm boxes for code outside React (the request client). FeedbackHost, inside
 * antd's ConfigProvider, hands over the context-aware message instance; before that the static one
 * serves. The boxes load on first use (modalSource).
 */
export const feedback: { message: MessageInstance; modal: ModalApi } = {
  message: staticMessage,
  modal: lazyModal,
};

/** Where the client sends the user (set by the router). */
export const navigation = {
  go: (path: string) => {
    window.location.assign(`/new${path}`);
  },
};

/** The captcha pop-up, for the request client on code 416 (set by CaptchaHost; null before it mounts). */
export const captchaPrompt: { ask: (() => Promise<string | null>) | null } = { ask: null };
