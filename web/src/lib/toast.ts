import { message } from 'antd';

/** Until the app's message context mounts, toasts use antd's static API. */
export const staticToast = (text: string) => {
  void message.error(text);
};
