import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { TRON_KEY } from '../api/keys';

/** A change to the pool: the list refreshes and a success message shows (errors are toasted by the HTTP layer). */
export function useTronMutation<TInput, TResult>(
  fn: (input: TInput) => Promise<TResult>,
  success: string,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TRON_KEY });
      void message.success(success);
      onDone?.();
    },
  });
}
